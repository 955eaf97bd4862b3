// PostCSS plugin (written into the compiled front end by tablegames/radix.py): drops the rules
// of Radix Themes' stylesheets that no page of the app can use.
// * components.css: the components in use are read from the compiled pages ("import {Button as
//   RadixThemesButton} ..."); a selector that needs the class of an unused component
//   (.rt-SelectTrigger, ...) can never match, so it goes. A component missing from PARTS keeps
//   the whole file (the page stays styled, only the saving is lost).
// * utilities.css: the classes of layout props (.rt-r-gap-3, .md:rt-r-p-4, ...). Radix names a
//   class family per prop (gap -> rt-r-gap, in its dist/esm/**/*.props.js); a family is kept
//   when its prop name appears as a key anywhere in the compiled pages (an over-estimate) or
//   the prop has a default value, with all its values and breakpoints. A family Radix does
//   not name is kept.
// Classes inside :not()/:where()/:is() are left alone (only required classes count).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const WEB = path.dirname(fileURLToPath(import.meta.url));
const SCAN = ["app", "app_components", "utils/components", "components"];
// Reflex tag -> the Radix CSS classes (.rt-<name>) its elements carry.
const PARTS = {
  Badge: ["Badge"], Blockquote: ["Blockquote"], Box: ["Box"],
  Button: ["Button", "BaseButton", "Spinner", "SpinnerLeaf"],
  Callout: ["CalloutRoot", "CalloutIcon", "CalloutText", "Text"], Card: ["Card", "BaseCard"],
  Code: ["Code"], Container: ["Container", "ContainerInner"], Em: ["Em"], Flex: ["Flex"],
  Grid: ["Grid"], Heading: ["Heading"], IconButton: ["IconButton", "BaseButton", "Spinner", "SpinnerLeaf"],
  Inset: ["Inset"], Kbd: ["Kbd"], Link: ["Link", "Text"], Quote: ["Quote"], Section: ["Section"],
  Separator: ["Separator"], Skeleton: ["Skeleton"], Spinner: ["Spinner", "SpinnerLeaf"], Strong: ["Strong"],
  Text: ["Text"], Theme: [],
};

function usedTags() {
  const tags = new Set();
  const walk = (dir) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.(jsx?|tsx?)$/.test(entry.name)) {
        for (const m of fs.readFileSync(file, "utf8").matchAll(/\bas RadixThemes([A-Za-z]+)\b/g)) tags.add(m[1]);
      }
    }
  };
  for (const dir of SCAN) walk(path.join(WEB, dir));
  return tags;
}

// Radix prop name -> class family, from Radix's own prop definitions.
function propFamilies() {
  const families = new Map(); // family -> Set(prop names)
  const dist = path.join(WEB, "node_modules", "@radix-ui", "themes", "dist", "esm");
  const walk = (dir) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith(".js")) {
        for (const m of fs.readFileSync(file, "utf8").matchAll(/(\w+):\{([^{}]*?className:"(rt-r-[\w-]+)"[^{}]*)\}/g)) {
          if (!families.has(m[3])) families.set(m[3], new Set());
          // a prop with a default value gets its class without being written: always kept
          families.get(m[3]).add(/\bdefault:/.test(m[2]) ? "*" : m[1]);
        }
      }
    }
  };
  walk(dist);
  return families;
}

function usedKeys() {
  const keys = new Set();
  const walk = (dir) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.(jsx?|tsx?)$/.test(entry.name)) {
        for (const m of fs.readFileSync(file, "utf8").matchAll(/["']?\b([A-Za-z]\w*)["']?\s*:/g)) keys.add(m[1]);
      }
    }
  };
  for (const dir of SCAN) walk(path.join(WEB, dir));
  return keys;
}

function topLevel(selector) {
  let out = selector, prev;
  do { prev = out; out = out.replace(/\([^()]*\)/g, ""); } while (out !== prev);
  return out;
}

export default function radixSubset() {
  return {
    postcssPlugin: "tablegames-radix-subset",
    OnceExit(root) {
      const tags = usedTags();
      const unknown = [...tags].filter((tag) => !(tag in PARTS));
      if (unknown.length) console.warn(`radix-subset: no class list for ${unknown.join(", ")}: keeping all of components.css`);
      const keep = unknown.length ? null : new Set([...tags].flatMap((tag) => PARTS[tag]));
      const families = propFamilies();
      const keys = usedKeys();
      const byLength = [...families.keys()].sort((a, b) => b.length - a.length);
      const familyUsed = (cls) => {
        const family = byLength.find((f) => cls === f || cls.startsWith(f + "-"));
        return !family || [...families.get(family)].some((prop) => prop === "*" || keys.has(prop));
      };
      const needed = (sel, file) => file.endsWith("components.css")
        ? !keep || [...topLevel(sel).matchAll(/\.rt-([A-Z][A-Za-z]*)/g)].every((m) => keep.has(m[1]))
        : [...topLevel(sel).matchAll(/\.(?:[a-z]+\\:)?(rt-r-[\w-]+)/g)].every((m) => familyUsed(m[1]));
      let dropped = 0;
      root.walkRules((rule) => {
        let file = rule.source && rule.source.input && rule.source.input.file;
        if (!file) return;
        file = file.replace(/\\/g, "/");
        if (!file.endsWith("@radix-ui/themes/components.css") && !file.endsWith("@radix-ui/themes/utilities.css")) return;
        if (rule.parent && rule.parent.type === "atrule" && /keyframes$/i.test(rule.parent.name)) return;
        const selectors = rule.selectors.filter((sel) => needed(sel, file));
        if (selectors.length === rule.selectors.length) return;
        dropped += rule.selectors.length - selectors.length;
        if (selectors.length) rule.selectors = selectors;
        else rule.remove();
      });
      // at-rules (@media, @supports, ...) left empty
      let again = true;
      while (again) {
        again = false;
        root.walkAtRules((at) => {
          if (at.nodes && at.nodes.length === 0) { at.remove(); again = true; }
        });
      }
      if (process.env.TG_RADIX_SUBSET_VERBOSE) console.log(`radix-subset: dropped ${dropped} selectors`);
    },
  };
}
radixSubset.postcss = true;
