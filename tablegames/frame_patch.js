// Table Games: vars the server sends as what changed from the value this socket holds
// (tablegames/patches.py, reflex_adapter.send_patched). The socket's "event" handler in
// utils/state.js hands each delta to expandPatches before the state sees it
// (tablegames/frame_patches.py adds that call): a patched value becomes the whole value
// again, so the state's reducer works as it always does.
//
// A patched value is {"$patch": patch, "$same": {key: value}, "$resend": handler}: the
// patch applies to the value last received under the same key if that value has the
// "$same" values; else it is dropped and the substate's handler is called, which sends the
// whole value (once until a value arrives, or again after ASK_AGAIN_MS).

const DELETED = "$del";
const held = {}; // "substate key" -> the value last received for it
const asked = {}; // "substate key" -> when the whole value was asked for (until it comes)
const ASK_AGAIN_MS = 3000; // an ask lost on the way (a refused event) is made again

const isObject = (value) =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * `before` with `patch` applied (a new object; unchanged parts keep their identity).
 * @param before The value the patch was made from.
 * @param patch An object of changed keys, with the removed ones under "$del".
 * @returns The patched value.
 */
export const mergePatch = (before, patch) => {
  const out = isObject(before) ? { ...before } : {};
  for (const key of patch[DELETED] ?? []) {
    delete out[key];
  }
  for (const key in patch) {
    if (key === DELETED) continue;
    const value = patch[key];
    out[key] = isObject(value) ? mergePatch(out[key], value) : value;
  }
  return out;
};

/**
 * Expands the patched values of a received delta in place and keeps every value.
 * @param delta substate -> {var key -> value}, as the socket's "event" brings it.
 * @returns The names of the events that ask the server again for a value whose patch did
 *   not apply here.
 */
export const expandPatches = (delta) => {
  const resend = [];
  for (const substate in delta) {
    const vars = delta[substate];
    for (const key in vars) {
      const id = substate + " " + key;
      const value = vars[key];
      if (isObject(value) && "$patch" in value) {
        const base = held[id];
        const same = value["$same"] ?? {};
        if (!isObject(base) || Object.keys(same).some((k) => base[k] !== same[k])) {
          delete vars[key];
          if (value["$resend"] && !(Date.now() - (asked[id] ?? -Infinity) < ASK_AGAIN_MS)) {
            asked[id] = Date.now();
            resend.push(substate + "." + value["$resend"]);
          }
          continue;
        }
        vars[key] = mergePatch(base, value["$patch"]);
      } else {
        delete asked[id];
      }
      held[id] = vars[key];
    }
  }
  return resend;
};
