// boardgame.io 0.50.2 server for bench/load.py: one small card game, its socket.io transport,
// the in-memory storage; nothing else. Started by the bench as
//   PORT=<p> BGIO_PLAYERS=4 BGIO_PAD=<bytes> NODE_ENV=production node server.js
// Clients sync with a fresh matchID (boardgame.io creates the match on demand, no credentials:
// the lobby is not part of a move's path) and send MAKE_MOVE actions with the stateID they saw.
// Each move: the player on turn plays a card of its hand onto the pile and draws one (the turn
// ends after one move); playerView hides the other hands, as ours hides them. BGIO_PAD pads the
// public part of G so that an update frame is about as big as ours (the bench prints the size).
const { Server } = require('boardgame.io/server');

const PORT = Number(process.env.PORT || 8000);
const PLAYERS = Number(process.env.BGIO_PLAYERS || 4);
const PAD = 'x'.repeat(Math.max(0, Number(process.env.BGIO_PAD || 0)));
const COLOURS = 'rygb';

function card(i) {
  return COLOURS[i % 4] + String((i * 7) % 10);
}

const Bench = {
  name: 'bench',
  minPlayers: 1,
  maxPlayers: 10,
  disableUndo: true,
  setup: ({ ctx }) => {
    const hands = {};
    for (let p = 0; p < ctx.numPlayers; p++) {
      hands[String(p)] = Array.from({ length: 7 }, (_, i) => card(p * 7 + i));
    }
    return { n: 0, hands, pile: [card(99)], pad: PAD };
  },
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    play: ({ G, ctx }) => {
      const hand = G.hands[ctx.currentPlayer];
      const played = hand.shift();
      hand.push(card(G.n + 31));
      G.pile.push(played);
      if (G.pile.length > 8) G.pile.shift();
      G.n += 1;
    },
  },
  playerView: ({ G, playerID }) => {
    const hands = {};
    for (const [p, hand] of Object.entries(G.hands)) {
      hands[p] = p === playerID ? hand : hand.length;
    }
    return { ...G, hands };
  },
};

const server = Server({ games: [Bench], origins: [] });
// Loopback only: koa-socket-2 made app.listen listen on the http server socket.io is attached to.
server.app.listen(PORT, '127.0.0.1', () => {
  console.log(`boardgame.io ${require(require('path').join(__dirname, 'node_modules/boardgame.io/package.json')).version} listening on 127.0.0.1:${PORT}`);
});
