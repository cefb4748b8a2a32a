-- 
-- THIS FILE HAS BEEN GENERATED AUTOMATICALLY
-- DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
-- 
-- GENERATED USING @colyseus/schema 5.0.34
-- 

local schema = require 'colyseus.serializer.schema.schema'


---@class Altar: Schema
---@field id string
---@field x number
---@field y number
---@field damage number
---@field damageToDestroy number
local Altar = schema.define({
    ["id"] = "string",
    ["x"] = "uint16",
    ["y"] = "uint16",
    ["damage"] = "uint16",
    ["damageToDestroy"] = "uint16",
    ["_fields_by_index"] = { "id", "x", "y", "damage", "damageToDestroy" },
})

return Altar
