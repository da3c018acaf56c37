// Spiral Galaxies (pzprjs "tentaisho"): pencilsat's rows are galaxy numbers per cell ('#' a
// cell cut out of the board); pzprjs keeps the answer as the borders (qans 1) between them.
"use strict";

var grid = require("./_grid.js");

exports.apply = grid.applyRegions;
exports.spoil = grid.spoilRegions;
exports.rows = grid.regionRows;
