-- 
-- THIS FILE HAS BEEN GENERATED AUTOMATICALLY
-- DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
-- 
-- GENERATED USING @colyseus/schema 5.0.34
-- 

local schema = require 'colyseus.serializer.schema.schema'


---@class Journal: Schema
---@field unitId string
---@field spotBonus MapSchema
---@field blockBonus MapSchema
---@field knownParts ArraySchema
local Journal = schema.define({
    ["unitId"] = "string",
    ["spotBonus"] = { map = "uint8" },
    ["blockBonus"] = { map = "uint8" },
    ["knownParts"] = { array = "string" },
    ["_fields_by_index"] = { "unitId", "spotBonus", "blockBonus", "knownParts" },
})

return Journal
