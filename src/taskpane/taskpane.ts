/**
 * The gamemaster's pane: starts the cards of the top and of the Play tab (each wires its controls
 * and renders its part of the campaign's status, see cards/; the other tabs' cards and the Play
 * tab's folded ones load when first shown, see tabs.ts) and follows the workbook. No rule of the game is worked out
 * here; the actions and the engine do that.
 */
// The ribbon's command lives in this bundle: one copy of the actions, so the pane and the ribbon
// share the flag that keeps two writing actions from running at once.
import "../commands/commands";
import { excelRun, followChanges } from "../workbook/office";
import { wireCampaign } from "./cards/campaign";
import { wireStopped } from "./cards/stopped";
import { wireCentury } from "./cards/century";
import { wireDeaths } from "./cards/deaths";
import { wireEvents } from "./cards/events";
import { wireSetup } from "./cards/setup";
import { startTicking, stopTicking, wireTimers } from "./cards/timers";
import { byId } from "./dom";
import { busy, refresh, refreshQuietly } from "./state";
import { watchTheme } from "./theme";
import { followVisibility } from "./visibility";
import { wireFolds, wireTabs, wireUnfolding } from "./tabs";

function startInExcel(): void {
  const theme = watchTheme();
  byId("starting").hidden = true;
  byId("app").hidden = false;
  wireTabs();
  wireFolds();
  wireUnfolding();
  wireCampaign();
  wireStopped();
  wireSetup();
  wireDeaths();
  wireEvents();
  wireCentury();
  wireTimers();
  // A workbook that only uses GODS functions starts this page with the pane hidden: nothing is
  // read, followed or ticked until the gamemaster opens the pane.
  followVisibility((shown) => {
    if (shown) {
      theme();
      wake();
    } else sleep();
  });
  // Excel does not report every edit (a dropdown's, on the web): coming back to the pane reads again.
  window.addEventListener("focus", changed);
}

// ---- Shown or hidden -----------------------------------------------------------------------

let awake = false;

/** Shown: the campaign read again (it may have changed while hidden), then followed; the timers tick. */
function wake(): void {
  awake = true;
  startTicking();
  void refresh().then(followWorkbook);
}

/** Hidden: no reading, no following the workbook, no ticking, until the pane is shown again. */
function sleep(): void {
  awake = false;
  stopTicking();
  clearTimeout(pending);
  pending = undefined;
  followWorkbook();
}

// ---- Following the workbook ----------------------------------------------------------------

/** How long the pane waits after a change before reading the campaign again. */
const SETTLE_MS = 1500;
let pending: ReturnType<typeof setTimeout> | undefined;

/** Reads the campaign again once changes settle, unless an action is under way (it shows its own result). */
function changed(): void {
  if (!awake || pending !== undefined) return;
  pending = setTimeout(() => {
    pending = undefined;
    if (busy()) {
      changed();
      return;
    }
    refreshQuietly().catch((e: unknown) => {
      console.warn("The Gods II pane, following the workbook:", e);
    });
  }, SETTLE_MS);
}

/** Stops Excel telling of changes, while the pane follows the workbook. */
let unfollow: (() => Promise<void>) | undefined;
/** The last step of following or not, so that a quick hide and show end as the pane is. */
let following: Promise<void> = Promise.resolve();

/**
 * Keeps the pane (the preview of the century end above all) in step with the workbook while it
 * is shown: Excel tells of every change to a worksheet ("WorksheetCollection.onChanged"), and
 * stops telling when the pane is hidden.
 */
function followWorkbook(): void {
  following = following.then(async () => {
    try {
      if (awake && unfollow === undefined) unfollow = await followChanges(excelRun, changed);
      else if (!awake && unfollow !== undefined) {
        const stop = unfollow;
        unfollow = undefined;
        await stop();
      }
    } catch (e) {
      console.warn("The Gods II pane: Excel does not tell of changes here; the preview follows each action only.", e);
    }
  });
}

function startOutside(): void {
  byId("starting").hidden = true;
  byId("outside").hidden = false;
}

if (typeof Office === "undefined") {
  startOutside();
} else {
  void Office.onReady((info) => {
    if (info.host === Office.HostType.Excel) startInExcel();
    else startOutside();
  });
}
