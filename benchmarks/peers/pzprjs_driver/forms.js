// pencilsat's driver for the URL and file forms pzprjs writes, used by
// benchmarks/pzprjs_forms.py. One JSON object per line in: {"url": U}; out: the board U opens
// written in every form pzprjs writes for its genre: {"pid", "forms": {<name>: text}}, a form
// pzprjs has no implementation of left out. URL forms: its own (pzprv3), the file in the URL
// (pzprfile), Kanpen's (kanpen, kanpenp) and Heyawake-app's (heyaapp); file forms: its own
// (pzpr) and Kanpen's (pbox, pbox_xml).
// Usage: node forms.js <path of the built pzpr.js>
"use strict";

var pzpr = require(process.argv[2]);
var parser = pzpr.parser;
var URLS = { pzprv3: parser.URL_PZPRV3, pzprfile: parser.URL_PZPRFILE,
	kanpen: parser.URL_KANPEN, kanpenp: parser.URL_KANPENP, heyaapp: parser.URL_HEYAAPP };
var FILES = { pzpr: parser.FILE_PZPR, pbox: parser.FILE_PBOX, pbox_xml: parser.FILE_PBOX_XML };

function run(request) {
	var puzzle = new pzpr.Puzzle();
	puzzle.open(request.url, function () {});
	var forms = {};
	Object.keys(URLS).forEach(function (name) {
		try {
			forms[name] = puzzle.getURL(URLS[name]);
		} catch (err) {
			/* no implementation for this genre */
		}
	});
	Object.keys(FILES).forEach(function (name) {
		try {
			forms[name] = puzzle.getFileData(FILES[name]);
		} catch (err) {
			/* no implementation for this genre */
		}
	});
	return { pid: puzzle.pid, forms: forms };
}

require("./serve.js").serve(run);
