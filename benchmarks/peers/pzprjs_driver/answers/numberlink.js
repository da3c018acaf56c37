// Numberlink (pzprjs "numlin", and "arukone" for the filled variant): pencilsat's rows are
// pipe letters (an end's letter '^' 'v' '<' '>' its one step); pzprjs keeps the paths as
// lines on the borders between cells.
"use strict";

var grid = require("./_grid.js");

exports.apply = grid.applyPipes;
exports.spoil = grid.spoilPipes;

exports.rows = grid.pipeRows;
