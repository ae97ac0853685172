// The board game's cell names, after Pentobi: column letter from "a" at the
// left, row number from 1 at the bottom; and a move's text, its cells' names.

import { type Cell, type Shape, clampToBox } from "../shared/shapes.js";

const COLUMNS = "abcdefghijklmnopqrstuvwxyz";

export function onBoard([x, y]: Cell, size: number): boolean {
  return x >= 0 && y >= 0 && x < size && y < size;
}

export function cellName([x, y]: Cell, size: number): string {
  return `${COLUMNS[x]}${size - y}`;
}

/** Screen cell of a Pentobi name, or null when it is not a cell of this board. */
export function parseCell(name: string, size: number): Cell | null {
  const match = /^([a-z])([0-9]{1,2})$/.exec(name.trim().toLowerCase());
  if (!match) return null;
  const x = COLUMNS.indexOf(match[1]);
  const row = Number(match[2]);
  if (x >= size || row < 1 || row > size) return null;
  return [x, size - row];
}

/** Pentobi's text of a placement ("c18,a19,b19,c19,a20"), or null if a cell is off the board. */
export function moveText(cells: Shape, size: number): string | null {
  if (!cells.every((c) => onBoard(c, size))) return null;
  return [...cells]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0]) // row number from 1 up, then column from "a"
    .map((c) => cellName(c, size))
    .join(",");
}

export function clampToBoard(cell: Cell, size: number): Cell {
  return clampToBox(cell, size, size);
}
