-- 
-- THIS FILE HAS BEEN GENERATED AUTOMATICALLY
-- DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
-- 
-- GENERATED USING @colyseus/schema 5.0.34
-- 

local schema = require 'colyseus.serializer.schema.schema'
local GameClock = require 'GameClock'
local Unit = require 'Unit'
local TrapPart = require 'TrapPart'
local Cable = require 'Cable'
local TrapEffect = require 'TrapEffect'
local InvasionInfo = require 'InvasionInfo'
local Door = require 'Door'
local Altar = require 'Altar'
local Settlement = require 'Settlement'
local TurnOptions = require 'TurnOptions'
local PartyInfo = require 'PartyInfo'
local Journal = require 'Journal'
local DuelProposal = require 'DuelProposal'
local DuelMercy = require 'DuelMercy'
local Lair = require 'Lair'

---@class DungeonState: Schema
---@field mapName string
---@field ruleset string
---@field width number
---@field height number
---@field tileRows ArraySchema
---@field dark string
---@field clock GameClock
---@field metal number
---@field units MapSchema
---@field parts MapSchema
---@field cables MapSchema
---@field effects MapSchema
---@field invasion InvasionInfo
---@field keepers number
---@field spectators number
---@field adventurers number
---@field doors MapSchema
---@field altars MapSchema
---@field settlements MapSchema
---@field turnOptions MapSchema
---@field parties MapSchema
---@field journals MapSchema
---@field duelProposals MapSchema
---@field duelMercies MapSchema
---@field lairs MapSchema
local DungeonState = schema.define({
    ["mapName"] = "string",
    ["ruleset"] = "string",
    ["width"] = "uint16",
    ["height"] = "uint16",
    ["tileRows"] = { array = "string" },
    ["dark"] = "string",
    ["clock"] = GameClock,
    ["metal"] = "uint16",
    ["units"] = { map = Unit },
    ["parts"] = { map = TrapPart },
    ["cables"] = { map = Cable },
    ["effects"] = { map = TrapEffect },
    ["invasion"] = InvasionInfo,
    ["keepers"] = "uint8",
    ["spectators"] = "uint16",
    ["adventurers"] = "uint8",
    ["doors"] = { map = Door },
    ["altars"] = { map = Altar },
    ["settlements"] = { map = Settlement },
    ["turnOptions"] = { map = TurnOptions },
    ["parties"] = { map = PartyInfo },
    ["journals"] = { map = Journal },
    ["duelProposals"] = { map = DuelProposal },
    ["duelMercies"] = { map = DuelMercy },
    ["lairs"] = { map = Lair },
    ["_fields_by_index"] = { "mapName", "ruleset", "width", "height", "tileRows", "dark", "clock", "metal", "units", "parts", "cables", "effects", "invasion", "keepers", "spectators", "adventurers", "doors", "altars", "settlements", "turnOptions", "parties", "journals", "duelProposals", "duelMercies", "lairs" },
})

return DungeonState
