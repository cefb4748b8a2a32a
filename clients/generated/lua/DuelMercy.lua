-- 
-- THIS FILE HAS BEEN GENERATED AUTOMATICALLY
-- DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
-- 
-- GENERATED USING @colyseus/schema 5.0.34
-- 

local schema = require 'colyseus.serializer.schema.schema'


---@class DuelMercy: Schema
---@field id string
---@field duelId string
---@field winnerId string
---@field loserId string
---@field how string
---@field by string
---@field aiSpares boolean
---@field expiresTick number
local DuelMercy = schema.define({
    ["id"] = "string",
    ["duelId"] = "string",
    ["winnerId"] = "string",
    ["loserId"] = "string",
    ["how"] = "string",
    ["by"] = "string",
    ["aiSpares"] = "boolean",
    ["expiresTick"] = "uint32",
    ["_fields_by_index"] = { "id", "duelId", "winnerId", "loserId", "how", "by", "aiSpares", "expiresTick" },
})

return DuelMercy
