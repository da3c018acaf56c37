// Ripple Effect (pzprjs "ripple"): pencilsat's rows are space-separated numbers ('.' a cell
// cut out of the board, pzprjs's ques 7); pzprjs keeps a player's number as anum, a given
// as qnum (-2: a '?' given, whose number pencilsat's answer holds).
"use strict";

var numbers = require("./number_cells.js");

exports.apply = function (puzzle, rows) {
	numbers.apply(puzzle, rows);
	// a '?' given's number: pzprjs has no answer for it (its getNum stays -2)
};

// A number repeated in its room.
exports.spoil = function (puzzle) {
	return numbers.spoil(puzzle, function (c) {
		return c.room ? c.room.clist.filter(function (o) { return o !== c; }) : [];
	});
};

exports.rows = function (puzzle) {
	return numbers.rows(puzzle, function (c) {
		var n = c.getNum();
		return n > 0 ? String(n) : ".";
	}, true);
};
