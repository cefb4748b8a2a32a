-- 
-- THIS FILE HAS BEEN GENERATED AUTOMATICALLY
-- DO NOT CHANGE IT MANUALLY UNLESS YOU KNOW WHAT YOU'RE DOING
-- 
-- GENERATED USING @colyseus/schema 5.0.34
-- 

local schema = require 'colyseus.serializer.schema.schema'
local D20SpellOption = require 'D20SpellOption'

---@class TurnOptions: Schema
---@field unitId string
---@field encounterId string
---@field round number
---@field deadlineTick number
---@field movement number
---@field actions ArraySchema
---@field reachable ArraySchema
---@field reachableCost ArraySchema
---@field targets ArraySchema
---@field movementLeft number
---@field fullAction boolean
---@field halfAction boolean
---@field reaction boolean
---@field attacksLeft number
---@field moverId string
---@field moverMovementLeft number
---@field targetCover ArraySchema
---@field mounts ArraySchema
---@field mountCost number
---@field dismountTiles ArraySchema
---@field tileReach number
---@field moveMode string
---@field switchModes ArraySchema
---@field reachableMode ArraySchema
---@field d20Spells ArraySchema
---@field offHandTargets ArraySchema
---@field helpAllies ArraySchema
---@field helpFoes ArraySchema
---@field firstAidTargets ArraySchema
---@field grappleTargets ArraySchema
---@field thrownTargets ArraySchema
---@field offHandThrownTargets ArraySchema
---@field useObjectItems ArraySchema
---@field useObjectTargets ArraySchema
---@field d100GuardedReachable ArraySchema
---@field d100HitChances ArraySchema
---@field d100Spell string
---@field d100SpellCharges number
---@field d100SpellTargets ArraySchema
---@field d100SpellHitChances ArraySchema
---@field d100FreeActions ArraySchema
---@field d100FamiliarId string
---@field d100FamiliarTargets ArraySchema
---@field d100FamiliarHitChances ArraySchema
---@field d100RescueTargets ArraySchema
local TurnOptions = schema.define({
    ["unitId"] = "string",
    ["encounterId"] = "string",
    ["round"] = "uint16",
    ["deadlineTick"] = "uint32",
    ["movement"] = "float32",
    ["actions"] = { array = "string" },
    ["reachable"] = { array = "uint32" },
    ["reachableCost"] = { array = "float32" },
    ["targets"] = { array = "string" },
    ["movementLeft"] = "float32",
    ["fullAction"] = "boolean",
    ["halfAction"] = "boolean",
    ["reaction"] = "boolean",
    ["attacksLeft"] = "uint8",
    ["moverId"] = "string",
    ["moverMovementLeft"] = "float32",
    ["targetCover"] = { array = "string" },
    ["mounts"] = { array = "string" },
    ["mountCost"] = "float32",
    ["dismountTiles"] = { array = "uint32" },
    ["tileReach"] = "uint16",
    ["moveMode"] = "string",
    ["switchModes"] = { array = "string" },
    ["reachableMode"] = { array = "string" },
    ["d20Spells"] = { array = D20SpellOption },
    ["offHandTargets"] = { array = "string" },
    ["helpAllies"] = { array = "string" },
    ["helpFoes"] = { array = "string" },
    ["firstAidTargets"] = { array = "string" },
    ["grappleTargets"] = { array = "string" },
    ["thrownTargets"] = { array = "string" },
    ["offHandThrownTargets"] = { array = "string" },
    ["useObjectItems"] = { array = "string" },
    ["useObjectTargets"] = { array = "string" },
    ["d100GuardedReachable"] = { array = "uint32" },
    ["d100HitChances"] = { array = "uint8" },
    ["d100Spell"] = "string",
    ["d100SpellCharges"] = "uint8",
    ["d100SpellTargets"] = { array = "string" },
    ["d100SpellHitChances"] = { array = "uint8" },
    ["d100FreeActions"] = { array = "string" },
    ["d100FamiliarId"] = "string",
    ["d100FamiliarTargets"] = { array = "string" },
    ["d100FamiliarHitChances"] = { array = "uint8" },
    ["d100RescueTargets"] = { array = "string" },
    ["_fields_by_index"] = { "unitId", "encounterId", "round", "deadlineTick", "movement", "actions", "reachable", "reachableCost", "targets", "movementLeft", "fullAction", "halfAction", "reaction", "attacksLeft", "moverId", "moverMovementLeft", "targetCover", "mounts", "mountCost", "dismountTiles", "tileReach", "moveMode", "switchModes", "reachableMode", "d20Spells", "offHandTargets", "helpAllies", "helpFoes", "firstAidTargets", "grappleTargets", "thrownTargets", "offHandThrownTargets", "useObjectItems", "useObjectTargets", "d100GuardedReachable", "d100HitChances", "d100Spell", "d100SpellCharges", "d100SpellTargets", "d100SpellHitChances", "d100FreeActions", "d100FamiliarId", "d100FamiliarTargets", "d100FamiliarHitChances", "d100RescueTargets" },
})

return TurnOptions
