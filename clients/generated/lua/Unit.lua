-- 
-- THIS FILE HAS BEEN GENERATED AUTOMATICALLY
-- DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
-- 
-- GENERATED USING @colyseus/schema 5.0.34
-- 

local schema = require 'colyseus.serializer.schema.schema'


---@class Unit: Schema
---@field id string
---@field kind string
---@field name string
---@field x number
---@field y number
---@field facing number
---@field stateCode number
---@field job string
---@field woundPoints number
---@field partyId string
---@field adventurerClass string
---@field level number
---@field targetId string
---@field faction string
---@field species string
---@field weapon string
---@field stance string
---@field orderTargetId string
---@field carriedBy string
---@field harmModel string
---@field hp number
---@field maxHp number
---@field statuses ArraySchema
---@field controller string
---@field altitude string
---@field companionOf string
---@field riding string
---@field moveMode string
---@field space number
---@field size string
local Unit = schema.define({
    ["id"] = "string",
    ["kind"] = "string",
    ["name"] = "string",
    ["x"] = "uint16",
    ["y"] = "uint16",
    ["facing"] = "uint8",
    ["stateCode"] = "uint8",
    ["job"] = "string",
    ["woundPoints"] = "uint8",
    ["partyId"] = "string",
    ["adventurerClass"] = "string",
    ["level"] = "uint8",
    ["targetId"] = "string",
    ["faction"] = "string",
    ["species"] = "string",
    ["weapon"] = "string",
    ["stance"] = "string",
    ["orderTargetId"] = "string",
    ["carriedBy"] = "string",
    ["harmModel"] = "string",
    ["hp"] = "int16",
    ["maxHp"] = "uint16",
    ["statuses"] = { array = "string" },
    ["controller"] = "string",
    ["altitude"] = "string",
    ["companionOf"] = "string",
    ["riding"] = "string",
    ["moveMode"] = "string",
    ["space"] = "uint8",
    ["size"] = "string",
    ["_fields_by_index"] = { "id", "kind", "name", "x", "y", "facing", "stateCode", "job", "woundPoints", "partyId", "adventurerClass", "level", "targetId", "faction", "species", "weapon", "stance", "orderTargetId", "carriedBy", "harmModel", "hp", "maxHp", "statuses", "controller", "altitude", "companionOf", "riding", "moveMode", "space", "size" },
})

return Unit
