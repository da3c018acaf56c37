// Shikaku (pzprjs "shikaku"): pencilsat's rows are rectangle numbers per cell; pzprjs keeps
// the answer as the borders (qans 1) between the rectangles.
"use strict";

var grid = require("./_grid.js");

exports.apply = grid.applyRegions;
exports.spoil = grid.spoilRegions;
exports.rows = grid.regionRows;
