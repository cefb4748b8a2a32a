-- 
-- THIS FILE HAS BEEN GENERATED AUTOMATICALLY
-- DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
-- 
-- GENERATED USING @colyseus/schema 5.0.34
-- 

local schema = require 'colyseus.serializer.schema.schema'


---@class DuelProposal: Schema
---@field id string
---@field challengerId string
---@field opponentId string
---@field by string
---@field toDeath boolean
---@field noMagic boolean
---@field unarmedOnly boolean
---@field weapons ArraySchema
---@field expiresTick number
local DuelProposal = schema.define({
    ["id"] = "string",
    ["challengerId"] = "string",
    ["opponentId"] = "string",
    ["by"] = "string",
    ["toDeath"] = "boolean",
    ["noMagic"] = "boolean",
    ["unarmedOnly"] = "boolean",
    ["weapons"] = { array = "string" },
    ["expiresTick"] = "uint32",
    ["_fields_by_index"] = { "id", "challengerId", "opponentId", "by", "toDeath", "noMagic", "unarmedOnly", "weapons", "expiresTick" },
})

return DuelProposal
