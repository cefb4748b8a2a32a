-- 
-- THIS FILE HAS BEEN GENERATED AUTOMATICALLY
-- DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
-- 
-- GENERATED USING @colyseus/schema 5.0.34
-- 

local schema = require 'colyseus.serializer.schema.schema'


---@class GameClock: Schema
---@field tick number
---@field day number
---@field hour number
---@field minute number
---@field timeScale number
---@field paused boolean
local GameClock = schema.define({
    ["tick"] = "uint32",
    ["day"] = "uint16",
    ["hour"] = "uint8",
    ["minute"] = "uint8",
    ["timeScale"] = "float32",
    ["paused"] = "boolean",
    ["_fields_by_index"] = { "tick", "day", "hour", "minute", "timeScale", "paused" },
})

return GameClock
