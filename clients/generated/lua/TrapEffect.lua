-- 
-- THIS FILE HAS BEEN GENERATED AUTOMATICALLY
-- DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
-- 
-- GENERATED USING @colyseus/schema 5.0.34
-- 

local schema = require 'colyseus.serializer.schema.schema'


---@class TrapEffect: Schema
---@field id string
---@field kind string
---@field sourceId string
---@field unitId string
---@field tiles ArraySchema
---@field untilTick number
local TrapEffect = schema.define({
    ["id"] = "string",
    ["kind"] = "string",
    ["sourceId"] = "string",
    ["unitId"] = "string",
    ["tiles"] = { array = "uint16" },
    ["untilTick"] = "uint32",
    ["_fields_by_index"] = { "id", "kind", "sourceId", "unitId", "tiles", "untilTick" },
})

return TrapEffect
