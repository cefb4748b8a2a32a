-- 
-- THIS FILE HAS BEEN GENERATED AUTOMATICALLY
-- DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
-- 
-- GENERATED USING @colyseus/schema 5.0.34
-- 

local schema = require 'colyseus.serializer.schema.schema'


---@class Cable: Schema
---@field id string
---@field networkId string
---@field path ArraySchema
---@field hops ArraySchema
local Cable = schema.define({
    ["id"] = "string",
    ["networkId"] = "string",
    ["path"] = { array = "uint16" },
    ["hops"] = { array = "uint16" },
    ["_fields_by_index"] = { "id", "networkId", "path", "hops" },
})

return Cable
