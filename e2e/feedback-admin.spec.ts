import type { TestInfo } from "@playwright/test";
import { AdminPage } from "./pages/admin-page";
import { FeedbackPage } from "./pages/feedback-page";
import { GameplayPage } from "./pages/gameplay-page";
import { HomePage } from "./pages/group-pages";
import { NavBar } from "./pages/nav-bar";
import { signUp } from "./support/accounts";
import { expect, expectRefusedRequest, test } from "./support/fixtures";
import { addressFor } from "./support/groups";
import { waitForEmail } from "./support/mailbox";
import { signUpFresh } from "./support/people";
import { adminEmail, FAKE_LLM_BATCH_NEW } from "./support/ports";
import { expectScreen, shoot } from "./support/screens";

const TOO_MANY = "You have sent a lot of feedback in a short time. Please try again in an hour.";
const unique = (what: string, testInfo: TestInfo) =>
  `${what} (${testInfo.project.name} ${Date.now()})`;

test.describe("feedback", () => {
  test("a visitor is sent to sign in and back to the form: counter, the spec's messages, the text kept on failure", async ({
    page,
    consoleErrors,
  }, testInfo) => {
    // Several screens, each checked by axe in two schemes: a long journey on a busy machine.
    test.slow();
    const feedback = new FeedbackPage(page);
    await page.goto("/");
    await page
      .getByRole("navigation", { name: "Footer" })
      .getByRole("link", { name: "Send Us Feedback" })
      .click();
    // Feedback is for signed-in people (decision 0041): a guest signs in first, then comes back.
    await expect(page).toHaveURL("/sign-in");
    await expect(feedback.heading).toBeHidden();
    const email = addressFor("vic", testInfo);
    await signUp(page, email, "Vic Visitor");
    expect(new URL((await waitForEmail(email)).link).searchParams.get("returnUrl")).toBe(
      "/feedback",
    );
    await expect(page).toHaveURL("/feedback");
    await expect(feedback.heading).toBeVisible();
    await expect(feedback.counter("0/1000")).toBeVisible();

    // Empty, then blank: nothing to send.
    await feedback.send.click();
    await expect(feedback.errors).toHaveText("This field is required.");
    await feedback.text.fill("   ");
    await feedback.send.click();
    await expect(feedback.errors).toHaveText("This field is required.");

    await feedback.text.fill("x".repeat(1001));
    await expect(feedback.counter("1001/1000")).toBeVisible();
    await feedback.send.click();
    await expect(feedback.errors).toHaveText("Maximum length is 1000.");
    await expectScreen(page, "Feedback");
    await shoot(page, "feedback-invalid");

    // The server fails once: the product's message, and the words are still there.
    const words = unique("The daily dilemma made my morning", testInfo);
    await feedback.text.fill(words);
    await expect(feedback.counter(`${words.length}/1000`)).toBeVisible();
    await page.route("**/api/feedback/create", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "internal", message: "Boom" } }),
      }),
    );
    await feedback.send.click();
    await expect(feedback.errors).toHaveText("Internal error, please try again.");
    await expectRefusedRequest(consoleErrors, 500);
    await expect(feedback.text).toHaveValue(words);
    await expect(feedback.thanks).toBeHidden();

    await page.unroute("**/api/feedback/create");
    await feedback.send.click();
    await expect(feedback.thanks).toBeVisible();
    await expect(feedback.text).toBeHidden();
    await expectScreen(page, "Feedback");
    await shoot(page, "feedback-thanks");
  });

  test("a signed-in player sends feedback from the menu, and the admin page sends them home", async ({
    page,
    consoleErrors,
  }, testInfo) => {
    await signUpFresh(page, addressFor("fay", testInfo), "Fay Player");
    await new HomePage(page).open();
    const nav = new NavBar(page);
    await nav.choose("Feedback");
    const feedback = new FeedbackPage(page);
    await expect(feedback.heading).toBeVisible();
    await feedback.text.fill("Hello");
    await expect(feedback.counter("5/1000")).toBeVisible();
    // Over the hourly limit: the server's own words, and the text stays.
    await page.route("**/api/feedback/create", (route) =>
      route.fulfill({
        status: 429,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "rate_limited", message: TOO_MANY } }),
      }),
    );
    await feedback.send.click();
    await expect(feedback.errors).toHaveText(TOO_MANY);
    await expectRefusedRequest(consoleErrors, 429);
    await expect(feedback.text).toHaveValue("Hello");
    await page.unroute("**/api/feedback/create");
    await feedback.send.click();
    await expect(feedback.thanks).toBeVisible();

    // Not a product admin: no Admin in the menu, and /admin leads home.
    await nav.menuButton.click();
    await expect(page.getByRole("menuitem", { name: "Profile" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Admin" })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await page.goto("/admin");
    await expect(page).toHaveURL("/home");
    await expect(new AdminPage(page).heading).toBeHidden();
  });
});

test.describe("the product admin's page", () => {
  test("an admin generates dilemmas, adds one by hand and reads the feedback inbox", async ({
    page,
    consoleErrors,
  }, testInfo) => {
    // Several screens, each checked by axe in two schemes: a long journey on a busy machine.
    test.slow();
    await signUpFresh(
      page,
      adminEmail("inbox", testInfo.project.name),
      `Admin ${testInfo.project.name}`,
    );
    const words = unique("Please add dilemmas about food", testInfo);
    await new FeedbackPage(page).open();
    await new FeedbackPage(page).sendFeedback(words);

    await new NavBar(page).choose("Admin");
    const admin = new AdminPage(page);
    await expect(admin.heading).toBeVisible();
    await expect(page).toHaveURL("/admin");
    const total = await admin.readFigure("Dilemmas in the bank");
    const generated = await admin.readFigure("Generated");
    expect(total).toBeGreaterThanOrEqual(300);
    // The sender is named by the address, as the inbox shows it.
    await expect(admin.inbox.getByRole("listitem").filter({ hasText: words })).toContainText(
      adminEmail("inbox", testInfo.project.name),
    );
    await expectScreen(page, "Admin");

    // The fake generator's batch: its new dilemmas join, its malformed item does not.
    await admin.generate.click();
    await expect(
      page.getByText(`${FAKE_LLM_BATCH_NEW} new dilemmas were added to the bank.`),
    ).toBeVisible();
    await expect
      .poll(() => admin.readFigure("Generated"))
      .toBeGreaterThanOrEqual(generated + FAKE_LLM_BATCH_NEW);
    await expect
      .poll(() => admin.readFigure("Dilemmas in the bank"))
      .toBeGreaterThanOrEqual(total + FAKE_LLM_BATCH_NEW);

    // By hand: the form's rules first, then one that joins, then the same again.
    await admin.add.click();
    await expect(page.getByRole("alert")).toContainText("Dilemma: This field is required.");
    const byHand = await admin.readFigure("Added by hand");
    const question = unique("Would you rather sail or fly", testInfo);
    await admin.addDilemma(question, "Sail", "Fly");
    await expect(page.getByText(`Added to the bank: “${question}”`)).toBeVisible();
    await expect(admin.dilemma).toHaveValue("");
    await expect.poll(() => admin.readFigure("Added by hand")).toBe(byHand + 1);

    await admin.addDilemma(`  ${question.toUpperCase()}!! `, "Sail", "Fly");
    await expect(page.getByRole("alert")).toHaveText("The bank already has this dilemma.");
    await expectRefusedRequest(consoleErrors, 409);
    await expect(admin.dilemma).toHaveValue(`  ${question.toUpperCase()}!! `);
    await expectScreen(page, "Admin");
    await shoot(page, "admin");
  });
});

test.describe("the generator's failures", () => {
  test(
    "a failing provider and a missing one are each said plainly",
    { tag: "@one-device" },
    async ({ page, consoleErrors }, testInfo) => {
      await signUpFresh(
        page,
        adminEmail("failures", testInfo.project.name),
        `Admin ${testInfo.project.name}`,
      );
      const admin = new AdminPage(page);
      await page.goto("/admin");
      await expect(admin.generate).toBeEnabled();
      const answer = (status: number, code: string, message: string) =>
        page.route("**/api/admin/manually-generate-dilemmas", (route) =>
          route.fulfill({
            status,
            contentType: "application/json",
            body: JSON.stringify({ error: { code, message } }),
          }),
        );

      const garbled = "The dilemma generator's answer was not JSON. Nothing was added.";
      await answer(502, "generator_failed", garbled);
      await admin.generate.click();
      await expect(page.getByRole("alert")).toHaveText(garbled);
      await expectRefusedRequest(consoleErrors, 502);
      await expect(admin.generate).toBeEnabled();

      await page.unroute("**/api/admin/manually-generate-dilemmas");
      await answer(503, "generator_not_configured", "not configured");
      await admin.generate.click();
      await expect(
        page.getByRole("status").filter({ hasText: "Set LLM_BASE_URL and LLM_MODEL" }),
      ).toBeVisible();
      await expectRefusedRequest(consoleErrors, 503);
      await expect(admin.generate).toBeDisabled();
    },
  );
});

test.describe("how to play", () => {
  test("the gameplay diagram explains the loop and Create Group asks a visitor to sign in", {
    tag: "@one-device",
  }, async ({ page }) => {
    await page.goto("/");
    await page
      .getByRole("navigation", { name: "Footer" })
      .getByRole("link", { name: "Play with Friends" })
      .click();
    const gameplay = new GameplayPage(page);
    await expect(gameplay.heading).toBeVisible();
    for (const step of [
      "Create a group",
      "Invite friends",
      "Predict everyone",
      "The round closes",
      "Points and leaderboard",
    ]) {
      await expect(gameplay.step(step)).toBeVisible();
    }
    await expect(page.getByText("back to step 3")).toBeVisible();
    await expect(
      page.getByRole("definition").filter({ hasText: "one point for every other member" }),
    ).toBeVisible();
    await expectScreen(page, "How to Play");
    await shoot(page, "gameplay");

    // The button pulses, except for those who asked for less motion.
    await expect(gameplay.createGroup).not.toHaveCSS("animation-name", "none");
    await page.emulateMedia({ reducedMotion: "reduce" });
    await expect(gameplay.createGroup).toHaveCSS("animation-name", "none");

    await gameplay.createGroup.click();
    await expect(page).toHaveURL("/sign-in");
  });
});
