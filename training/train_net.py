"""Train the Duo or classic policy/value network (:mod:`blokus_nb.players.net`) in plain numpy.

    python training/net_data.py --out ../blokus-data/duo_policy.npz       # once: the arrays (~1 min)
    python training/train_net.py --data ../blokus-data/duo_policy.npz      # the shipped weights
    python training/train_net.py --data small.npz --epochs 1 --out /tmp/net.npz   # a quick run
    python training/train_net.py --data ../blokus-data/duo_policy.npz --score NET  # NET's held-out scores
    python training/train_net.py --data more.npz --init NET --epochs 1 --lr 5e-4 --out NEW.npz  # go on from NET

The board comes from the arrays (their ``plane_names``): arrays made with
``net_data.py --variant classic`` train the four-color classic network,
whose value head is a softmax over the four colors' chances of finishing
first, trained by cross-entropy against each color's share of first place
in the game (``result``). The classic board has no exact mirror symmetry
(see ``--classic-mirror``). The exact runs behind the shipped weights are in
``training/README.md``.

The arrays come from Pentobi's level-6 self-play with root visit counts
(``training/net_data.py``). Positions of held-out games (every tenth) are
never trained on; the script reports the policy's loss and top-1 agreement
with Pentobi and the value's Brier score on them after every epoch.

* **Policy loss**: cross-entropy between the softmax over the legal
  placements and Pentobi's share of root visits.
* **Value loss**: binary cross-entropy of the mover's win chance against
  ``VALUE_MIX * Pentobi's estimate + (1 - VALUE_MIX) * the game's result``.
* **Augmentation**: each batch is mirrored in the diagonal through both
  start squares with probability one half (Duo's symmetry). With
  ``--classic-mirror``, classic batches are mirrored in the diagonal through
  the mover's corner, which swaps the next and the previous color: an
  approximate symmetry only, since it reverses the playing order (the
  mirrored position is one where the color that moved last moves next).
  Measured against Pentobi, it did not make "hard" stronger
  (``training/README.md``), so the shipped network is trained without it.
* Adam, mini-batches, the learning rate falling by cosine to 5% of
  ``--lr``; the weights are initialised, batches drawn and mirrored from
  ``--seed`` alone, so a run repeats exactly. ``--init NET`` starts from
  NET's weights instead (its shape, not ``--channels``, ``--layers`` and
  ``--hidden``; its calibration is dropped): the self-play loop
  (``training/self_play_loop.py``) goes on so from one generation to the next.

Only numpy is needed (no deep-learning framework): the forward pass is the
package's own (:meth:`blokus_nb.players.net.Net.forward`), the backward pass
is written out here, and checked against finite differences by
``tests/test_training.py``.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "training"))

from net_data import unpack_planes  # noqa: E402

from blokus_nb.players.net import CLASSIC, DUO, N_CELLS, N_ORIENTATIONS, Encoding, Net, load_net, tables  # noqa: E402

#: Weight of Pentobi's own estimate (against the game's result) in the value target (Duo).
VALUE_MIX = 0.5
N_HANDS = 42
N_POLICY = N_CELLS * N_ORIENTATIONS


def n_policy(encoding: Encoding) -> int:
    """Entries of one position's policy map (anchor cell x orientation)."""
    return encoding.cells * N_ORIENTATIONS


def init_params(channels: int, layers: int, hidden: int, seed: int, encoding: Encoding = DUO
                ) -> dict[str, np.ndarray]:
    """He-initialised weights for a network of ``layers`` 3x3 convolutions of ``channels``."""
    rng = np.random.default_rng(seed)
    params = {}
    width = len(encoding.planes)
    n_hands = encoding.hands
    outputs = 4 if encoding is CLASSIC else 1
    for k in range(layers):
        params[f"conv{k}_w"] = rng.normal(0, math.sqrt(2 / (9 * width)), (9 * width, channels))
        params[f"conv{k}_b"] = np.zeros(channels)
        width = channels
    params["hand_w"] = rng.normal(0, 0.05, (n_hands, channels))
    params["policy_w"] = rng.normal(0, math.sqrt(1 / channels), (channels, N_ORIENTATIONS))
    params["policy_b"] = np.zeros(N_ORIENTATIONS)
    params["value1_w"] = rng.normal(0, math.sqrt(2 / (channels + n_hands)), (channels + n_hands, hidden))
    params["value1_b"] = np.zeros(hidden)
    params["value2_w"] = rng.normal(0, math.sqrt(1 / hidden), (hidden, outputs))
    params["value2_b"] = np.zeros(outputs)
    return {k: v.astype(np.float32) for k, v in params.items()}


# ------------------------------------------------------------------------------ forward/backward
def _im2col(x: np.ndarray) -> np.ndarray:
    b, h, w, c = x.shape
    padded = np.zeros((b, h + 2, w + 2, c), dtype=x.dtype)
    padded[:, 1:-1, 1:-1] = x
    cols = np.concatenate([padded[:, dy:dy + h, dx:dx + w] for dy in range(3) for dx in range(3)], axis=3)
    return cols.reshape(b * h * w, 9 * c)


def _col2im(dcols: np.ndarray, shape: tuple[int, int, int, int]) -> np.ndarray:
    b, h, w, c = shape
    d = dcols.reshape(b, h, w, 9, c)
    padded = np.zeros((b, h + 2, w + 2, c), dtype=dcols.dtype)
    for k in range(9):
        dy, dx = divmod(k, 3)
        padded[:, dy:dy + h, dx:dx + w] += d[:, :, :, k]
    return padded[:, 1:-1, 1:-1]


def _board(params: dict[str, np.ndarray]) -> tuple[int, int]:
    """(side, cells) of the board the weights are for, from the hand weights' size."""
    size = CLASSIC.size if params["hand_w"].shape[0] == CLASSIC.hands else DUO.size
    return size, size * size


def forward(params: dict[str, np.ndarray], planes: np.ndarray, hands: np.ndarray):
    """The forward pass, keeping what the backward pass needs: ``(policy, value logit, cache)``.

    The value logit is ``(B,)`` in Duo and ``(B, 4)`` (one per color, mover first) in classic.
    """
    batch = planes.shape[0]
    size, cells = _board(params)
    layers = sum(1 for k in params if k.startswith("conv") and k.endswith("_w"))
    x = planes.reshape(batch, size, size, -1)
    cache = {"cols": [], "acts": [], "hands": hands}
    for k in range(layers):
        cols = _im2col(x)
        z = (cols @ params[f"conv{k}_w"]).reshape(batch, size, size, -1) + params[f"conv{k}_b"]
        if k == 0:
            z += (hands @ params["hand_w"])[:, None, None, :]
        x = np.maximum(z, 0.0)
        cache["cols"].append(cols)
        cache["acts"].append(x)
    flat = x.reshape(batch * cells, -1)
    policy = (flat @ params["policy_w"] + params["policy_b"]).reshape(batch, cells * N_ORIENTATIONS)
    pooled = np.concatenate([x.mean(axis=(1, 2)), hands], axis=1)
    hidden = np.maximum(pooled @ params["value1_w"] + params["value1_b"], 0.0)
    z = hidden @ params["value2_w"] + params["value2_b"]
    if z.shape[1] == 1:
        z = z[:, 0]
    cache.update(pooled=pooled, hidden=hidden, flat=flat)
    return policy, z, cache


def backward(params: dict[str, np.ndarray], cache: dict, dpolicy: np.ndarray, dz: np.ndarray
             ) -> dict[str, np.ndarray]:
    """Gradients of the loss given its gradients for the policy map and the value logit."""
    grads = {}
    batch = dz.shape[0]
    size, cells = _board(params)
    layers = len(cache["acts"])
    channels = cache["acts"][-1].shape[-1]
    dpolicy = dpolicy.reshape(batch * cells, N_ORIENTATIONS)
    grads["policy_w"] = cache["flat"].T @ dpolicy
    grads["policy_b"] = dpolicy.sum(axis=0)
    dx = (dpolicy @ params["policy_w"].T).reshape(batch, size, size, channels)
    if dz.ndim == 1:
        dz = dz[:, None]
    grads["value2_w"] = cache["hidden"].T @ dz
    grads["value2_b"] = dz.sum(axis=0)
    dhidden = (dz @ params["value2_w"].T) * (cache["hidden"] > 0)
    grads["value1_w"] = cache["pooled"].T @ dhidden
    grads["value1_b"] = dhidden.sum(axis=0)
    dpooled = dhidden @ params["value1_w"].T
    dx += (dpooled[:, :channels] / cells)[:, None, None, :]
    for k in reversed(range(layers)):
        act = cache["acts"][k]
        dpre = dx * (act > 0)
        flat = dpre.reshape(batch * cells, -1)
        grads[f"conv{k}_w"] = cache["cols"][k].T @ flat
        grads[f"conv{k}_b"] = flat.sum(axis=0)
        if k == 0:
            grads["hand_w"] = cache["hands"].T @ dpre.sum(axis=(1, 2))
        else:
            shape = cache["acts"][k - 1].shape
            dx = _col2im(flat @ params[f"conv{k}_w"].T, shape)
    return grads


def losses(params, planes, hands, legal, legal_start, target, target_start, target_p, value_target,
           value_weight=1.0, with_grads=True):
    """Mean policy cross-entropy, mean value log-loss, and (optionally) the gradients.

    ``legal`` / ``target`` are policy-map indices (:attr:`NetTables.flat`, already
    offset by ``row * cells * 91``), grouped by position with the ``*_start`` arrays.
    In classic ``value_target`` is ``(B, 4)`` (shares of first place, mover first), the
    value loss the cross-entropy of the softmax against it, and the value returned the
    softmax ``(B, 4)``.
    """
    batch = planes.shape[0]
    policy, z, cache = forward(params, planes, hands)
    flat_policy = policy.reshape(-1)
    s = flat_policy[legal].astype(np.float64)
    counts = np.diff(np.append(legal_start, len(legal)))
    group = np.repeat(np.arange(batch), counts)
    top = np.maximum.reduceat(s, legal_start)
    e = np.exp(s - top[group])
    total = np.add.reduceat(e, legal_start)
    t_counts = np.diff(np.append(target_start, len(target)))
    t_group = np.repeat(np.arange(batch), t_counts)
    policy_loss = float(np.mean(np.log(total) + top
                                - np.add.reduceat(target_p * flat_policy[target], target_start)))
    eps = 1e-7
    if z.ndim == 2:
        top_z = z.max(axis=1, keepdims=True)
        log_v = z - top_z - np.log(np.exp(z - top_z).sum(axis=1, keepdims=True))
        v = np.exp(log_v)
        value_loss = float(-np.mean((value_target * log_v).sum(axis=1)))
    else:
        v = 1.0 / (1.0 + np.exp(-z))
        value_loss = float(-np.mean(value_target * np.log(v + eps) + (1 - value_target) * np.log(1 - v + eps)))
    if not with_grads:
        return policy_loss, value_loss, policy, v
    dpolicy = np.zeros_like(flat_policy)
    dpolicy[legal] = (e / total[group]) / batch
    np.add.at(dpolicy, target, -target_p / batch)
    del t_group
    dz = value_weight * (v - value_target) / batch
    grads = backward(params, cache, dpolicy.reshape(policy.shape).astype(np.float32), dz.astype(np.float32))
    return policy_loss, value_loss, grads


# ------------------------------------------------------------------------------ data
class Data:
    """The arrays of ``training/net_data.py`` and batches drawn from them."""

    def __init__(self, path: Path) -> None:
        with np.load(path) as d:
            self.arrays = {k: d[k] for k in d.files}
        a = self.arrays
        names = tuple(a["plane_names"].tolist())
        known = [e for e in (DUO, CLASSIC) if e.planes == names]
        if not known:
            raise SystemExit(f"{path} was made for other planes ({a['plane_names'].tolist()}); "
                             "make it again with training/net_data.py")
        self.encoding = known[0]
        self.n = len(a["value"])
        self.legal_end = np.append(a["legal_start"][1:], len(a["legal"]))
        self.target_end = np.append(a["target_start"][1:], len(a["target"]))
        if self.encoding is CLASSIC:  # each color's share of first place, mover first
            self.value_target = a["result"].astype(np.float32)
        else:
            self.value_target = (VALUE_MIX * a["value"] + (1 - VALUE_MIX) * a["result"]).astype(np.float32)

    def batch(self, rows: np.ndarray, mirror: bool, classic_mirror: bool = False):
        """The arrays :func:`losses` takes for the positions ``rows``; ``mirror`` mirrors Duo's
        in the diagonal through both start squares, and with ``classic_mirror`` the classic
        board's in the diagonal through the mover's corner (next and previous swap places)."""
        a = self.arrays
        encoding = self.encoding
        t = tables(encoding.size)
        size, per_position = encoding.size, n_policy(encoding)
        mirror = mirror and (encoding is DUO or classic_mirror)
        planes = unpack_planes(a["planes"][rows], encoding.cells)
        hands = a["hands"][rows].astype(np.float32)
        value_target = self.value_target[rows]
        if mirror:
            planes = planes.reshape(len(rows), size, size, -1).transpose(0, 2, 1, 3).reshape(planes.shape)
            if encoding is CLASSIC:
                planes = planes[..., _CLASSIC_SWAP]
                hands = hands.reshape(len(rows), 4, -1)[:, _PLAYERS_SWAP].reshape(hands.shape)
                value_target = value_target[:, _PLAYERS_SWAP]
        legal, legal_start, target, target_p, target_start = [], [], [], [], []
        n_legal = n_target = 0
        for i, r in enumerate(rows):
            pids = a["legal"][a["legal_start"][r]:self.legal_end[r]].astype(np.int64)
            tp = a["target"][a["target_start"][r]:self.target_end[r]].astype(np.int64)
            if mirror:
                pids, tp = t.mirrored[pids], t.mirrored[tp]
            legal_start.append(n_legal)
            target_start.append(n_target)
            legal.append(t.flat[pids] + i * per_position)
            target.append(t.flat[tp] + i * per_position)
            target_p.append(a["target_p"][a["target_start"][r]:self.target_end[r]])
            n_legal += len(pids)
            n_target += len(tp)
        return (planes, hands, np.concatenate(legal), np.array(legal_start),
                np.concatenate(target), np.array(target_start), np.concatenate(target_p).astype(np.float64),
                value_target)


# The classic mirror through the mover's corner (a20, cell 0: the transpose) takes the next
# color's corner (t20) to the previous color's (a1): their planes, hands and chances swap.
_PLAYERS_SWAP = np.array([0, 3, 2, 1])
_CLASSIC_SWAP = np.array([4 * group + k for group in range(3) for k in _PLAYERS_SWAP] + [12])


def evaluate(params, data: Data, rows: np.ndarray, batch: int = 256) -> dict[str, float]:
    """Policy loss, top-1 agreement with Pentobi's most visited move, value Brier on ``rows``."""
    pl = vl = agree = brier = 0.0
    a = data.arrays
    for start in range(0, len(rows), batch):
        chunk = rows[start:start + batch]
        planes, hands, legal, ls, target, ts, tp, vt = data.batch(chunk, mirror=False)
        p_loss, v_loss, policy, v = losses(params, planes, hands, legal, ls, target, ts, tp, vt,
                                           with_grads=False)
        flat = policy.reshape(-1)
        s = flat[legal]
        best = np.maximum.reduceat(s, ls)
        agree += float(np.sum(flat[target[ts]] >= best - 1e-6))
        pl += p_loss * len(chunk)
        vl += v_loss * len(chunk)
        if v.ndim == 2:  # classic: the mover's chance of finishing first against its share of it
            brier += float(np.sum((v[:, 0] - a["result"][chunk, 0]) ** 2))
        else:
            brier += float(np.sum((v - a["result"][chunk]) ** 2))
    n = len(rows)
    return {"policy_loss": pl / n, "value_loss": vl / n, "top1": agree / n, "brier": brier / n}


def held_out_rows(data: Data, max_positions: int | None = None, eval_positions: int | None = None
                  ) -> np.ndarray:
    """The held-out positions a run reports on: a tenth of ``max_positions``, then the first
    ``eval_positions``, when given."""
    rows = np.flatnonzero(data.arrays["held_out"])
    if max_positions is not None:
        rows = rows[:max(1, max_positions // 10)]
    return rows if eval_positions is None else rows[:eval_positions]


def report(scores: dict[str, float]) -> str:
    """``scores`` (:func:`evaluate`) as one line."""
    return ", ".join(f"{k} {v:.3f}" for k, v in scores.items())


def train(data: Data, epochs: float, channels: int, layers: int, hidden: int, batch: int, lr: float,
          seed: int, max_positions: int | None = None, log=print, eval_positions: int | None = None,
          checkpoint: Path | None = None, value_weight: float = 1.0, classic_mirror: bool = False,
          init: Net | None = None) -> Net:
    """Train from ``seed`` alone (and ``init``'s weights, when given); after every epoch report on
    the held-out positions (the first ``eval_positions`` of them, if given) and, with
    ``checkpoint``, write the weights so far. ``value_weight`` scales the value loss's gradient
    against the policy's; ``classic_mirror`` mirrors classic batches too (:meth:`Data.batch`)."""
    rng = np.random.default_rng(seed)
    if init is None:
        params = init_params(channels, layers, hidden, seed, data.encoding)
    else:  # load_net has checked that it is made for the arrays' board
        params = {k: v.astype(np.float32) for k, v in init.params.items() if k != "calibration"}
    train_rows = np.flatnonzero(~data.arrays["held_out"])
    if max_positions is not None:
        train_rows = train_rows[:max_positions]
    held_rows = held_out_rows(data, max_positions, eval_positions)
    steps = max(1, int(epochs * len(train_rows) / batch))
    m = {k: np.zeros_like(v) for k, v in params.items()}
    s2 = {k: np.zeros_like(v) for k, v in params.items()}
    b1, b2, eps = 0.9, 0.999, 1e-8
    started = time.perf_counter()
    order = rng.permutation(train_rows)
    cursor = 0
    per_epoch = max(1, len(train_rows) // batch)
    log(f"{len(train_rows)} training positions, {len(held_rows)} held out; {steps} steps of {batch}")
    running = [0.0, 0.0]
    for step in range(1, steps + 1):
        if cursor + batch > len(order):
            order, cursor = rng.permutation(train_rows), 0
        rows = np.sort(order[cursor:cursor + batch])
        cursor += batch
        args = data.batch(rows, mirror=bool(rng.random() < 0.5), classic_mirror=classic_mirror)
        p_loss, v_loss, grads = losses(params, *args, value_weight=value_weight)
        running = [0.98 * running[0] + 0.02 * p_loss, 0.98 * running[1] + 0.02 * v_loss]
        rate = lr * (0.05 + 0.95 * 0.5 * (1 + math.cos(math.pi * step / steps)))
        for k, g in grads.items():
            g = g.astype(np.float32)
            m[k] = b1 * m[k] + (1 - b1) * g
            s2[k] = b2 * s2[k] + (1 - b2) * g * g
            mh = m[k] / (1 - b1 ** step)
            vh = s2[k] / (1 - b2 ** step)
            params[k] = (params[k] - rate * (mh / (np.sqrt(vh) + eps) + 1e-5 * params[k])).astype(np.float32)
        if step % 100 == 0:
            log(f"step {step}/{steps}: policy {running[0] / (1 - 0.98 ** step):.3f}, "
                f"value {running[1] / (1 - 0.98 ** step):.3f} ({time.perf_counter() - started:.0f} s)")
        if step % per_epoch == 0 or step == steps and steps % per_epoch:
            if len(held_rows):  # none when the arrays are a handful of games
                log(f"held out after step {step}: " + report(evaluate(params, data, held_rows)))
            if checkpoint is not None:
                Net(params, data.encoding).save(checkpoint)
    return Net(params, data.encoding)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, required=True, help="arrays from training/net_data.py")
    parser.add_argument("--out", type=Path, default=None,
                        help="weights to write (default: the shipped ones for the arrays' board)")
    parser.add_argument("--epochs", type=float, default=4.0)
    parser.add_argument("--channels", type=int, default=32)
    parser.add_argument("--layers", type=int, default=4)
    parser.add_argument("--hidden", type=int, default=32)
    parser.add_argument("--batch", type=int, default=128)
    parser.add_argument("--lr", type=float, default=2e-3)
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--max-positions", type=int, default=None, help="train on the first N positions only")
    parser.add_argument("--eval-positions", type=int, default=None,
                        help="report on the first N held-out positions only (all)")
    parser.add_argument("--value-weight", type=float, default=1.0,
                        help="weight of the value loss against the policy loss (1)")
    parser.add_argument("--checkpoint", type=Path, default=None, help="write the weights after every epoch")
    parser.add_argument("--score", type=Path, default=None, metavar="NET",
                        help="train nothing: report NET's scores on the held-out positions, as a run does")
    parser.add_argument("--init", type=Path, default=None, metavar="NET",
                        help="start from NET's weights (its shape; its calibration dropped) instead of --seed's")
    parser.add_argument("--classic-mirror", action="store_true",
                        help="mirror classic batches through the mover's corner half the time (approximate: "
                             "it reverses the playing order)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    data = Data(args.data)
    if args.score is not None:
        rows = held_out_rows(data, args.max_positions, args.eval_positions)
        net = load_net(args.score, variant=data.encoding.name)
        print(f"{args.score} on {len(rows)} held-out positions: " + report(evaluate(net.params, data, rows)))
        return 0
    out = args.out if args.out is not None else data.encoding.path
    init = None if args.init is None else load_net(args.init, variant=data.encoding.name)
    net = train(data, args.epochs, args.channels, args.layers, args.hidden, args.batch, args.lr, args.seed,
                args.max_positions, eval_positions=args.eval_positions, checkpoint=args.checkpoint,
                value_weight=args.value_weight, classic_mirror=args.classic_mirror, init=init)
    out.parent.mkdir(parents=True, exist_ok=True)
    written = net.save(out)
    print(f"wrote {written} ({written.stat().st_size} bytes) in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
