-- 
-- THIS FILE HAS BEEN GENERATED AUTOMATICALLY
-- DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
-- 
-- GENERATED USING @colyseus/schema 5.0.34
-- 

local schema = require 'colyseus.serializer.schema.schema'


---@class D20SpellOption: Schema
---@field name string
---@field pool string
---@field cost number
---@field affordable boolean
---@field castable boolean
---@field kind string
---@field band string
---@field range number
---@field radius number
---@field targets ArraySchema
---@field targetCover ArraySchema
---@field tiles ArraySchema
local D20SpellOption = schema.define({
    ["name"] = "string",
    ["pool"] = "string",
    ["cost"] = "uint16",
    ["affordable"] = "boolean",
    ["castable"] = "boolean",
    ["kind"] = "string",
    ["band"] = "string",
    ["range"] = "uint8",
    ["radius"] = "uint8",
    ["targets"] = { array = "string" },
    ["targetCover"] = { array = "string" },
    ["tiles"] = { array = "uint32" },
    ["_fields_by_index"] = { "name", "pool", "cost", "affordable", "castable", "kind", "band", "range", "radius", "targets", "targetCover", "tiles" },
})

return D20SpellOption
