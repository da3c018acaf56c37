// pencilsat's driver for pzprjs's '?' clues, used by benchmarks/pzprjs_questions.py.
// One JSON object per line in, one out:
//   {"url": U}                -> {"pid", "url": pzprjs's own URL of the board U opens}
//   {"url": U, "question": K} -> the same board with its K-th numbered piece (a cell, then a
//                                 cross, then an outside cell, whose
//                                 qnum is 0 or more and whose genre's editor lets it be a
//                                 '?', in pzprjs's cell order) made a '?' clue (qnum -2),
//                                 as pzprjs writes it: {"pid", "url", "cells"} ("url" null
//                                 when the board has no K-th such piece; "cells": how many).
// Usage: node questions.js <path of the built pzpr.js>
"use strict";

var pzpr = require(process.argv[2]);

function run(request) {
	var puzzle = new pzpr.Puzzle();
	puzzle.open(request.url, function () {});
	if (request.question === undefined) {
		return { pid: puzzle.pid, url: puzzle.getURL() };
	}
	var board = puzzle.board;
	var pieces = [].concat(
		Array.prototype.slice.call(board.cell),
		Array.prototype.slice.call(board.cross || []),
		Array.prototype.slice.call(board.excell || [])
	);
	var numbered = pieces.filter(function (piece) {
		return piece.qnum >= 0 && !piece.disInputHatena;
	});
	var out = { pid: puzzle.pid, cells: numbered.length, url: null };
	if (request.question < numbered.length) {
		numbered[request.question].setQnum(-2);
		out.url = puzzle.getURL();
	}
	return out;
}

require("./serve.js").serve(run);
