-- 
-- THIS FILE HAS BEEN GENERATED AUTOMATICALLY
-- DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
-- 
-- GENERATED USING @colyseus/schema 5.0.34
-- 

local schema = require 'colyseus.serializer.schema.schema'


---@class Lair: Schema
---@field id string
---@field x number
---@field y number
---@field width number
---@field height number
---@field residentId string
---@field settlerId string
---@field settlesAtTick number
local Lair = schema.define({
    ["id"] = "string",
    ["x"] = "uint16",
    ["y"] = "uint16",
    ["width"] = "uint8",
    ["height"] = "uint8",
    ["residentId"] = "string",
    ["settlerId"] = "string",
    ["settlesAtTick"] = "uint32",
    ["_fields_by_index"] = { "id", "x", "y", "width", "height", "residentId", "settlerId", "settlesAtTick" },
})

return Lair
