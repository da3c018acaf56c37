// pencilsat's driver for pzprjs (the code behind puzz.link), used by
// benchmarks/pzprjs_crosscheck.py. One JSON object per line in:
//   {"genre": <pencilsat's name>, "url": <puzz.link URL>, "rows": [<solution rows>]}
// where "rows" are pencilsat's solution rows (GenreRules.solution_rows). One JSON object per
// line out: the genre pzprjs read (pid), its size, pzprjs's own URL and file (pzprv3) of the
// board it read, pzprjs's answer check of the rows put on that board, and the check of the
// same board with one answer element spoiled (the adapter's control: it must fail), and both
// boards' answers read back as rows (the adapter's "rows"; null without one).
// A request {"tests": <pencilsat's name>, "pid": <pzprjs type>} answers instead with pzprjs's
// own test answers of that type (its test/script/<pid>.js "failcheck" list: boards with a
// wrong answer and the failure pzprjs expects, the last one right): for each, the file, the
// expected failure, what pzprjs's check says, and the answer read off the board as pencilsat's
// rows (the adapter's "rows"; null where the board's answer has no rows form).
// A request {"variants": <pencilsat's name>, "url": ..., "boards": [<rows>, ...]} answers with
// pzprjs's check of each board and its rows read back (the runner's near misses).
// Usage: node driver.js <path of the built pzpr.js>
"use strict";

var path = require("path");
var pzpr = require(process.argv[2]);

var adapters = {};
function adapter(genre) {
	if (!(genre in adapters)) {
		try {
			adapters[genre] = require(path.join(__dirname, "answers", genre + ".js"));
		} catch (err) {
			if (err.code !== "MODULE_NOT_FOUND") throw err;
			adapters[genre] = null;
		}
	}
	return adapters[genre];
}

function verdict(info) {
	return { complete: !!info.complete, code: info.lastcode || null, text: info.text || "" };
}

function run(request) {
	var puzzle = new pzpr.Puzzle();
	var out = {};
	puzzle.open(request.url, function () {});
	var answers = adapter(request.genre);
	// the size in pencilsat's terms: an adapter's size() where pencilsat's grid is larger
	// (Kakuro's clue row and column are pzprjs's excells)
	var size = answers && answers.size ? answers.size(puzzle)
		: [puzzle.board.cols, puzzle.board.rows];
	out.pid = puzzle.pid;
	out.cols = size[0];
	out.rows = size[1];
	out.url = puzzle.getURL();
	out.file = puzzle.getFileData();
	if (answers === null) {
		out.adapter = false;
		return out;
	}
	out.adapter = true;
	answers.apply(puzzle, request.rows);
	out.check = verdict(puzzle.check(true));
	out.rows_back = answers.rows ? answers.rows(puzzle) : null;
	var spoiled = answers.spoil(puzzle, request.rows);
	out.spoiled = spoiled ? verdict(puzzle.check(true)) : null;
	out.spoiled_rows = spoiled && answers.rows ? answers.rows(puzzle) : null;
	return out;
}

var testdata = {};
global.ui = {
	debug: {
		addDebugData: function (pid, data) {
			testdata[pid] = data;
		}
	}
};

function tests(request) {
	var scripts = path.join(path.dirname(process.argv[2]), "..", "..", "test", "script");
	require(path.join(scripts, request.pid + ".js"));
	var answers = adapter(request.tests);
	var data = testdata[request.pid];
	return {
		url: data.url,
		cases: (data.failcheck || []).map(function (item) {
			var puzzle = new pzpr.Puzzle();
			// as pzprjs's own answer test (test/puzzle/answer_test.js): Fillomino's and its
			// kin's answers must fill every cell (puzz.link's default leaves that off)
			puzzle.setConfig("forceallcell", true);
			puzzle.open(item[1], function () {});
			var rows = null;
			if (answers && answers.rows) {
				try {
					rows = answers.rows(puzzle);
				} catch (err) {
					rows = null;
				}
			}
			return {
				expected: item[0],
				file: item[1],
				pid: puzzle.pid,
				check: verdict(puzzle.check(true)),
				rows: rows
			};
		})
	};
}

// {"variants": <pencilsat's name>, "url": ..., "boards": [<rows>, ...]}: each board's rows put
// on the puzzle (a fresh board each), pzprjs's check of it and the rows read back off it.
function variants(request) {
	var answers = adapter(request.variants);
	return {
		boards: request.boards.map(function (rows) {
			var puzzle = new pzpr.Puzzle();
			puzzle.open(request.url, function () {});
			answers.apply(puzzle, rows);
			return { check: verdict(puzzle.check(true)), rows: answers.rows(puzzle) };
		})
	};
}

require("./serve.js").serve(function (request) {
	return request.tests ? tests(request) : request.variants ? variants(request) : run(request);
});
