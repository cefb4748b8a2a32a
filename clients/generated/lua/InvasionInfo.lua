-- 
-- THIS FILE HAS BEEN GENERATED AUTOMATICALLY
-- DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
-- 
-- GENERATED USING @colyseus/schema 5.0.34
-- 

local schema = require 'colyseus.serializer.schema.schema'


---@class InvasionInfo: Schema
---@field word string
---@field hourlyChance number
---@field count number
---@field partyId string
---@field spotted boolean
local InvasionInfo = schema.define({
    ["word"] = "string",
    ["hourlyChance"] = "uint8",
    ["count"] = "uint16",
    ["partyId"] = "string",
    ["spotted"] = "boolean",
    ["_fields_by_index"] = { "word", "hourlyChance", "count", "partyId", "spotted" },
})

return InvasionInfo
