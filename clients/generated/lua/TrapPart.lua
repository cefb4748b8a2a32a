-- 
-- THIS FILE HAS BEEN GENERATED AUTOMATICALLY
-- DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
-- 
-- GENERATED USING @colyseus/schema 5.0.34
-- 

local schema = require 'colyseus.serializer.schema.schema'


---@class TrapPart: Schema
---@field id string
---@field kindCode number
---@field roleCode number
---@field x number
---@field y number
---@field built boolean
---@field metalDelivered number
---@field metalNeeded number
---@field progress number
---@field networkId string
---@field needsRearm boolean
---@field expired boolean
---@field rigged boolean
---@field delayMinutes number
---@field active boolean
---@field qualityCode number
local TrapPart = schema.define({
    ["id"] = "string",
    ["kindCode"] = "uint8",
    ["roleCode"] = "uint8",
    ["x"] = "uint16",
    ["y"] = "uint16",
    ["built"] = "boolean",
    ["metalDelivered"] = "uint8",
    ["metalNeeded"] = "uint8",
    ["progress"] = "uint8",
    ["networkId"] = "string",
    ["needsRearm"] = "boolean",
    ["expired"] = "boolean",
    ["rigged"] = "boolean",
    ["delayMinutes"] = "uint16",
    ["active"] = "boolean",
    ["qualityCode"] = "uint8",
    ["_fields_by_index"] = { "id", "kindCode", "roleCode", "x", "y", "built", "metalDelivered", "metalNeeded", "progress", "networkId", "needsRearm", "expired", "rigged", "delayMinutes", "active", "qualityCode" },
})

return TrapPart
