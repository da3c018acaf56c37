// Nurikabe (pzprjs "nurikabe"): pencilsat's rows mark a shaded cell '#' (a numbered cell '.');
// pzprjs keeps it as qans 1. The control shades an unnumbered cell beside a shaded one (see
// shaded_cells.js).
"use strict";

var shaded = require("./shaded_cells.js");

exports.apply = shaded.apply;
exports.spoil = shaded.spoiler(function (cell) {
	return cell.qnum === -1;
});
exports.rows = shaded.rows;
