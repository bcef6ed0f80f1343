/**
 * The measuring helper every browser test leans on (support/layout.ts) catches what it claims to:
 * drawn on the harness page, a card wider than the chat column, a cut-off label, a select too
 * narrow for its option, two buttons drawn over each other, a dialog or a sheet's tab taller than
 * 720 px and a word broken across lines are each named; a card that fits and a fold that is closed
 * are not. The card watcher every page runs names the machine's words in a card, folded or not.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { browserAvailable, layoutProblems, measureLayout, openFray, useFrayBrowser, wordsSplit } from "./support/index.js";
import { watchCardWords } from "./support/card-words.js";

describe.skipIf(!browserAvailable())("the layout helper", () => {
  const fray = useFrayBrowser();

  /** A chat column holding `html` as one message, as the tests' sidebars do. */
  async function chat(page: Page, html: string): Promise<void> {
    await page.evaluate((content) => {
      const sidebar = document.createElement("section");
      sidebar.innerHTML = `<ol id="chat-log" class="chat-log"><li class="chat-message"><section class="fray-card">${content}</section></li></ol>`;
      document.body.append(sidebar);
    }, html);
  }

  it("names a card too wide, a label cut off, a narrow select and overlapping buttons; passes one that fits", async () => {
    const page = await fray.browser.newPage({ viewport: { width: 1000, height: 900 } });
    await openFray(page, fray.server.url);
    await chat(
      page,
      `<div style="width: 420px">a row wider than the column</div>
       <p style="width: 80px; overflow: hidden; white-space: nowrap">Bandit Swordsman of the hills</p>
       <select style="width: 60px"><option>Heavy cover (Drop 2)</option></select>
       <div style="position: relative; height: 40px"><button style="position: absolute; left: 0">Seize</button><button style="position: absolute; left: 20px">Focus</button></div>`,
    );
    const report = await measureLayout(page.locator("#chat-log"));
    expect(report.kind).toBe("card");
    expect(await page.locator("#chat-log").evaluate((e) => e.getBoundingClientRect().width)).toBe(300);
    const problems = report.problems.join("\n");
    expect(problems).toMatch(/<div> "a row wider than the column" spans \d+\.\.\d+ px of a 300 px card/);
    expect(problems).toMatch(/<p> "Bandit Swordsman of the hills" is cut off/);
    expect(problems).toMatch(/<select> "Heavy cover \(Drop 2\)" shows "Heavy cover \(Drop 2\)"/);
    expect(problems).toMatch(/<button> "Seize" and <button> "Focus" overlap/);

    await page.evaluate(() => document.querySelector("#chat-log")!.closest("section")!.remove());
    await chat(page, `<header><h3>Lunge</h3></header><p class="fray-card-headline">Ines hits Odo.</p><details data-fray-fold><summary>How it went (2 steps)</summary><div style="width: 900px">folded away</div></details><button>Undo</button>`);
    expect(await layoutProblems(page.locator("#chat-log"))).toEqual([]);
    await page.close();
  });

  it("names a card taller than 400 px with its steps folded, and one that does not open with what happened (issue 38 item 1)", async () => {
    const page = await fray.browser.newPage({ viewport: { width: 1000, height: 1200 } });
    await openFray(page, fray.server.url);
    // Open steps are folded for the measure, as a player first sees them: 900 px of steps do not count, 500 px outside them do.
    await chat(page, `<header><h3>Lunge</h3></header><p>Rolled: 7 and 6.</p><div style="height: 500px"></div><details data-fray-fold open><summary>How it went</summary><div style="height: 900px"></div></details>`);
    const problems = await layoutProblems(page.locator("#chat-log"));
    expect(problems).toEqual([
      expect.stringMatching(/^light: the card "Lunge" is 5\d\d px tall with its steps folded; a card is 400 px$/),
      'light: the card "Lunge" does not open with a line that tells what happened',
      expect.stringMatching(/^dark: the card "Lunge" is 5\d\d px tall/),
      'dark: the card "Lunge" does not open with a line that tells what happened',
    ]);
    expect(await page.locator("details").evaluate((d: HTMLDetailsElement) => d.open)).toBe(true);
    await page.close();
  });

  it("names a window taller than 720 px, in both themes", async () => {
    const page = await fray.browser.newPage({ viewport: { width: 1000, height: 1200 } });
    await openFray(page, fray.server.url);
    await page.evaluate(() => {
      const app = document.createElement("div");
      app.className = "application";
      app.style.width = "400px";
      app.innerHTML = `<header class="window-header"><h1 class="window-title">A long dialog</h1></header><section class="window-content"><div style="height: 900px"></div></section>`;
      document.body.append(app);
    });
    const problems = await layoutProblems(page.locator(".application"));
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^light: <h1.window-title> "A long dialog" needs \d+ px of height; a window is 720 px$/);
    expect(problems[1]).toMatch(/^dark: /);
    expect(await page.evaluate(() => document.body.className)).toContain("theme-light");
    await page.close();
  });

  it("names a sheet's tab with a control scrolled past 720 px, and passes one that fits", async () => {
    const page = await fray.browser.newPage({ viewport: { width: 1000, height: 1200 } });
    await openFray(page, fray.server.url);
    const sheet = (body: number) =>
      page.evaluate((body) => {
        document.querySelector(".test-sheet")?.remove();
        const app = document.createElement("div");
        app.className = "application sheet test-sheet";
        app.style.cssText = "width: 400px; height: 680px; display: flex; flex-direction: column";
        app.innerHTML = `<header class="window-header"><h1 class="window-title">Ines</h1></header><section class="window-content" style="flex: 1; min-height: 0; display: flex"><div style="overflow-y: auto; flex: 1"><p style="height: ${body}px">Long notes scroll.</p><button type="button">Roll</button></div></section>`;
        document.body.append(app);
      }, body);
    await sheet(900);
    const problems = await layoutProblems(page.locator(".test-sheet"));
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^light: <h1.window-title> "Ines" needs \d+ px of height to reach <button> "Roll"; a window is 720 px$/);
    await sheet(300);
    expect(await layoutProblems(page.locator(".test-sheet"))).toEqual([]);
    await page.close();
  });

  it("names a word broken across lines, not a break at a space", async () => {
    const page = await fray.browser.newPage({ viewport: { width: 1000, height: 900 } });
    await openFray(page, fray.server.url);
    await page.evaluate(() => {
      document.body.insertAdjacentHTML("beforeend", `<table style="width: 120px; table-layout: fixed"><tr><th class="broken" style="width: 40px; overflow-wrap: anywhere">Rearguard</th><th class="whole" style="width: 80px">On Guard</th></tr></table>`);
    });
    expect(await wordsSplit(page.locator("th.broken"))).toEqual([expect.stringMatching(/^"Rearguard" is broken across \d lines in <th> "Rearguard"$/)]);
    await page.locator("th.whole").evaluate((th: HTMLElement) => (th.style.width = "30px"));
    expect(await wordsSplit(page.locator("th.whole"))).toEqual([]);
    await page.close();
  });

  it("the card watcher names an update path, a key and a yes/no value in a drawn card, folded steps too, in both themes", async () => {
    const page = await fray.browser.newPage({ viewport: { width: 1000, height: 900 } });
    await page.setContent(`<body class="theme-light"><ol id="chat-log"></ol></body>`);
    const seen = await watchCardWords(page);
    await page.evaluate(() => {
      document.getElementById("chat-log")!.innerHTML = `<li><section class="fray-card"><p>Elsa: system.incapacitated false → true</p><details><summary>How it went</summary><p>FRAY.Torchlight.Nothing</p></details></section></li>`;
    });
    await expect.poll(() => seen().length).toBe(6);
    const problems = seen().join("\n");
    expect(problems).toMatch(/^theme-light card: an update path in/m);
    expect(problems).toMatch(/^theme-dark card: an untranslated key in/m);
    expect(problems).toMatch(/a yes\/no value/);
    expect(await page.locator("details").evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
    expect(await page.evaluate(() => document.body.className)).toBe("theme-light");
    await page.close();
  });
});
