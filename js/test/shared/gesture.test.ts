import assert from "node:assert/strict";
import { test } from "node:test";
import { type GestureAction, TapGesture } from "../../src/shared/gesture.js";
import { type Cell, placeAt } from "../../src/shared/shapes.js";

/** A view holding an L tromino (or nothing), shown where the gesture last said; 20 px cells. */
function board(holding = true) {
  const shape: Cell[] = [[0, 0], [0, 1], [1, 1]];
  const view = {
    holding: () => holding,
    anchor: null as Cell | null,
    shownAt: () => (holding ? view.anchor : null),
    covers: (cell: Cell) => view.anchor !== null && placeAt(shape, view.anchor).some(([x, y]) => x === cell[0] && y === cell[1]),
    placed: 0,
    taps: [] as Cell[],
  };
  const gesture = new TapGesture(view);
  const act = (actions: GestureAction[]) => {
    for (const action of actions) {
      if (action.kind === "show") view.anchor = action.anchor;
      else if (action.kind === "place") view.placed++;
      else view.taps.push(action.cell);
    }
    return actions;
  };
  const px = (cell: Cell): [number, number] => [cell[0] * 20 + 10, cell[1] * 20 + 10];
  const tap = (cell: Cell, id = 1) => {
    const down = act(gesture.down(id, ...px(cell), cell));
    return [...down, ...act(gesture.up(id))];
  };
  return { view, gesture, act, px, tap };
}

test("a tap shows the piece there, legal or not, and never places it", () => {
  const { view, tap } = board();
  assert.deepEqual(tap([3, 4]), [{ kind: "show", anchor: [3, 4] }]);
  assert.deepEqual(view.anchor, [3, 4]);
  assert.equal(view.placed, 0);
});

test("a second tap on the piece shown places it, wherever on the piece it lands", () => {
  const { view, tap } = board();
  tap([3, 4]);
  const [cell] = placeAt([[0, 0], [0, 1], [1, 1]], [3, 4]).filter(([x, y]) => x !== 3 || y !== 4);
  assert.deepEqual(tap(cell), [{ kind: "place" }]);
  assert.equal(view.placed, 1);
  assert.deepEqual(view.anchor, [3, 4], "the piece did not move under the finger");
});

test("a wrong first tap is corrected by tapping elsewhere: the piece moves, nothing is placed", () => {
  const { view, tap } = board();
  tap([0, 0]);
  assert.deepEqual(tap([9, 9]), [{ kind: "show", anchor: [9, 9] }]);
  assert.equal(view.placed, 0);
  assert.deepEqual(tap([9, 9]), [{ kind: "place" }]);
  assert.equal(view.placed, 1);
});

test("a drag moves the piece with the finger and places nothing when the finger lifts", () => {
  const { view, gesture, act, px } = board();
  act(gesture.down(1, ...px([2, 2]), [2, 2]));
  assert.deepEqual(view.anchor, [2, 2], "shown under the finger at once");
  act(gesture.move(1, ...px([3, 2]), [3, 2]));
  act(gesture.move(1, ...px([5, 6]), [5, 6]));
  assert.deepEqual(view.anchor, [5, 6]);
  assert.deepEqual(act(gesture.up(1)), []);
  assert.equal(view.placed, 0);
  // Then a tap on it places it.
  act(gesture.down(2, ...px([5, 6]), [5, 6]));
  act(gesture.up(2));
  assert.equal(view.placed, 1);
});

test("a drag that starts on the piece shown keeps the finger's grip on it", () => {
  const { view, gesture, act, px, tap } = board();
  tap([4, 4]); // covers (4,4), (4,5), (5,5)
  act(gesture.down(1, ...px([5, 5]), [5, 5])); // held by its foot
  assert.deepEqual(view.anchor, [4, 4], "touching the piece does not move it");
  act(gesture.move(1, ...px([7, 5]), [7, 5]));
  assert.deepEqual(view.anchor, [6, 4], "moved by what the finger moved");
  assert.deepEqual(act(gesture.up(1)), []);
  assert.equal(view.placed, 0);
});

test("a finger that shakes within the slop still taps; one that wanders further drags", () => {
  const { view, gesture, act, px, tap } = board();
  tap([4, 4]);
  const [x, y] = px([4, 4]);
  act(gesture.down(1, x, y, [4, 4]));
  act(gesture.move(1, x + 6, y - 5, [4, 4]));
  assert.deepEqual(act(gesture.up(1)), [{ kind: "place" }]);
  act(gesture.down(2, x, y, [4, 4]));
  act(gesture.move(2, x + 9, y, [4, 4])); // past the slop on the diagonal's other side: still within 10 px
  act(gesture.move(2, x + 11, y, [4, 4])); // past it: a drag, on the same cell
  assert.deepEqual(act(gesture.up(2)), [], "a drag places nothing, even back where it began");
  assert.equal(view.placed, 1);
});

test("with nothing in hand a tap is a tap on the cell (the puzzle picks a piece up), a drag nothing", () => {
  const { view, gesture, act, px, tap } = board(false);
  assert.deepEqual(tap([1, 2]), [{ kind: "tap", cell: [1, 2] }]);
  act(gesture.down(1, ...px([1, 2]), [1, 2]));
  assert.deepEqual(act(gesture.move(1, ...px([4, 2]), [4, 2])), []);
  assert.deepEqual(act(gesture.up(1)), []);
  assert.deepEqual(view.taps, [[1, 2]]);
  assert.equal(view.placed, 0);
});

test("a second finger, a cancelled touch or a touch off the cells places nothing", () => {
  const { view, gesture, act, px, tap } = board();
  tap([4, 4]);
  act(gesture.down(1, ...px([4, 4]), [4, 4]));
  act(gesture.down(2, ...px([8, 8]), [8, 8])); // a pinch
  assert.equal(gesture.active(), false);
  assert.deepEqual([...act(gesture.up(1)), ...act(gesture.up(2))], []);
  act(gesture.down(3, ...px([4, 4]), [4, 4]));
  gesture.cancel(); // the browser took the touch
  assert.deepEqual(act(gesture.up(3)), []);
  assert.deepEqual(act(gesture.down(4, 0, 0, null)), []);
  assert.deepEqual(act(gesture.up(4)), []);
  assert.equal(view.placed, 0);
  assert.deepEqual(view.anchor, [4, 4], "the piece stays where it was shown");
});

test("moves and lifts of a finger the gesture does not follow are ignored", () => {
  const { view, gesture, act, px } = board();
  act(gesture.down(1, ...px([2, 2]), [2, 2]));
  assert.deepEqual(act(gesture.move(7, ...px([9, 9]), [9, 9])), []);
  assert.deepEqual(act(gesture.up(7)), []);
  assert.equal(gesture.active(), true);
  assert.deepEqual(view.anchor, [2, 2]);
});
