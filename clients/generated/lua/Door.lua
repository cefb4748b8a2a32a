-- 
-- THIS FILE HAS BEEN GENERATED AUTOMATICALLY
-- DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
-- 
-- GENERATED USING @colyseus/schema 5.0.34
-- 

local schema = require 'colyseus.serializer.schema.schema'


---@class Door: Schema
---@field id string
---@field x number
---@field y number
---@field open boolean
---@field heldOpen boolean
---@field triggered boolean
---@field hasPadlock boolean
---@field padlockBuilt boolean
---@field padlockArmed boolean
---@field locked boolean
---@field padlockMetalDelivered number
---@field padlockMetalNeeded number
---@field padlockProgress number
---@field brokenIn boolean
---@field triggerId string
local Door = schema.define({
    ["id"] = "string",
    ["x"] = "uint16",
    ["y"] = "uint16",
    ["open"] = "boolean",
    ["heldOpen"] = "boolean",
    ["triggered"] = "boolean",
    ["hasPadlock"] = "boolean",
    ["padlockBuilt"] = "boolean",
    ["padlockArmed"] = "boolean",
    ["locked"] = "boolean",
    ["padlockMetalDelivered"] = "uint8",
    ["padlockMetalNeeded"] = "uint8",
    ["padlockProgress"] = "uint8",
    ["brokenIn"] = "boolean",
    ["triggerId"] = "string",
    ["_fields_by_index"] = { "id", "x", "y", "open", "heldOpen", "triggered", "hasPadlock", "padlockBuilt", "padlockArmed", "locked", "padlockMetalDelivered", "padlockMetalNeeded", "padlockProgress", "brokenIn", "triggerId" },
})

return Door
