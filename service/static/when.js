// Times as people write them (issue 33): "3 minutes ago", "in 2 hours", in a <time> element whose title is
// the full date (shown on hover) and whose datetime is the instant; every such element on the page is told
// again each half minute, so "just now" does not stay "just now". Intl.RelativeTimeFormat words it.

const WORDS = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
const FULL = new Intl.DateTimeFormat("en", { dateStyle: "full", timeStyle: "long" });
const UNITS = [["year", 365 * 86400], ["month", 30 * 86400], ["week", 7 * 86400], ["day", 86400],
  ["hour", 3600], ["minute", 60]];

/** "3 minutes ago", "in 2 days", "just now" (under a minute either way) for an ISO 8601 instant. */
export function relative(iso, now = Date.now()) {
  const seconds = (new Date(iso).getTime() - now) / 1000;
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return WORDS.format(Math.trunc(seconds / size), unit);
  }
  return "just now";
}

/** A <time> for an ISO instant: the relative words, the full date on hover; "" (a text node) for none. */
export function when(iso) {
  if (!iso) return document.createTextNode("");
  const time = document.createElement("time");
  time.dateTime = iso;
  time.title = FULL.format(new Date(iso));
  time.className = "ago";
  time.textContent = relative(iso);
  return time;
}

setInterval(() => {
  for (const time of document.querySelectorAll("time.ago")) time.textContent = relative(time.dateTime);
}, 30_000);
