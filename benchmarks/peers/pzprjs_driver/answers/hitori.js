// Hitori (pzprjs "hitori"): pencilsat's rows mark a shaded cell '#'; pzprjs keeps it as qans 1.
// The control shades a cell beside a shaded one (see shaded_cells.js).
"use strict";

var shaded = require("./shaded_cells.js");

exports.apply = shaded.apply;
exports.spoil = shaded.spoiler(function () {
	return true;
});
exports.rows = shaded.rows;
