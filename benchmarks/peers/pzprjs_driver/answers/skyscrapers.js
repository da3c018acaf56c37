// Skyscrapers (pzprjs "skyscrapers"): pencilsat's rows hold a height per cell ('#' a gap,
// pzprjs's '?' given); pzprjs keeps a player's height as anum, a given as qnum. The clues
// are its excells, not in the rows.
"use strict";

module.exports = require("./number_cells.js").latin;
