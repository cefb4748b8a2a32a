-- 
-- THIS FILE HAS BEEN GENERATED AUTOMATICALLY
-- DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
-- 
-- GENERATED USING @colyseus/schema 5.0.34
-- 

local schema = require 'colyseus.serializer.schema.schema'


---@class PartyInfo: Schema
---@field id string
---@field goal string
---@field kind string
---@field invasionNumber number
---@field memberIds ArraySchema
---@field caution number
---@field loot number
---@field homeSettlement string
local PartyInfo = schema.define({
    ["id"] = "string",
    ["goal"] = "string",
    ["kind"] = "string",
    ["invasionNumber"] = "uint16",
    ["memberIds"] = { array = "string" },
    ["caution"] = "uint8",
    ["loot"] = "uint16",
    ["homeSettlement"] = "string",
    ["_fields_by_index"] = { "id", "goal", "kind", "invasionNumber", "memberIds", "caution", "loot", "homeSettlement" },
})

return PartyInfo
