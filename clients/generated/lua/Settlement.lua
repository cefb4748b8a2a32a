-- 
-- THIS FILE HAS BEEN GENERATED AUTOMATICALLY
-- DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
-- 
-- GENERATED USING @colyseus/schema 5.0.34
-- 

local schema = require 'colyseus.serializer.schema.schema'


---@class Settlement: Schema
---@field id string
---@field name string
---@field kind string
---@field hostile boolean
---@field raidedTick number
local Settlement = schema.define({
    ["id"] = "string",
    ["name"] = "string",
    ["kind"] = "string",
    ["hostile"] = "boolean",
    ["raidedTick"] = "int32",
    ["_fields_by_index"] = { "id", "name", "kind", "hostile", "raidedTick" },
})

return Settlement
