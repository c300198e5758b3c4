import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount, launchBrowser, newPage, startServer, type RunningServer } from '../support/browser';
import { logPageOnFailure, postArtwork, signInAt } from '../support/browser-steps';
import { checkScreen } from '../support/layout-check';
import { artworkInput } from '../support/portfolio';
import { jsonApi } from '../support/json-api';

const EMAIL = 'gwen.contacts@example.com';
const PASSWORD = 'Rodin1904xx';
const YEAR = new Date().getFullYear();
const BUYER = {
  name: 'Grace Hopper',
  email: 'grace@buyer.example',
  message: 'Is Harbour Study still available? I could collect it in May.',
};

/** Screens at a phone's and a laptop's widths, light and dark; back at the laptop's after. */
const checkWidths = async (page: Page, screen: string) => {
  for (const width of [360, 390, 1280]) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
    await checkScreen(page, screen);
  }
};

/**
 * The artist's contacts in a real browser: a gallery and a collector made from the Contacts page, the collector's
 * page with the sale recorded for them, and a buyer's inquiry saved as a contact.
 */
describe('contacts, in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let token: string;
  let work: string;
  let formUrl: string;

  const api = jsonApi(() => ({ url: server.url, token }));

  beforeAll(async () => {
    server = await startServer();
    ({ idToken: token } = await createVerifiedAccount(server, EMAIL, PASSWORD));
    await api('/user', { method: 'POST', json: { firstName: 'Gwen', lastName: 'John' } });
    work = (await postArtwork(server, token, artworkInput('PHYSICAL_2D', { title: 'Harbour Study' }))).artworkId;
    const { url } = await api<{ url: string }>('/publish', { method: 'POST' });
    formUrl = `${url}/artworks/${work}/inquiry`;
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  logPageOnFailure(() => ({ page, server }));
  const main = () => page.getByRole('main');

  it('starts empty under Portfolio > Contacts, and makes a gallery and a collector from the form', async () => {
    await signInAt(page, server.url, EMAIL, PASSWORD);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Contacts' }).click();
    await main().getByRole('heading', { name: 'Contacts', level: 1 }).waitFor();
    await main().getByText('No contacts yet').waitFor();
    await checkWidths(page, 'contacts empty');

    await main().getByRole('button', { name: 'New contact' }).click();
    const form = main().getByRole('region', { name: 'New contact' });
    // The schema's messages before anything is sent.
    await form.getByRole('textbox', { name: 'Email' }).fill('not an address');
    await form.getByRole('button', { name: 'Save contact' }).click();
    await form.getByText('Name is required').waitFor();
    await form.getByText('Enter a valid email address').waitFor();
    await form.getByRole('textbox', { name: 'Name' }).fill('Galerie Nord');
    await form.getByRole('textbox', { name: 'Email' }).fill('');
    await form.getByRole('combobox', { name: 'Kind' }).selectOption('gallery');
    await form.getByRole('textbox', { name: 'Address' }).fill('Linienstr. 1\n10115 Berlin');
    await form.getByRole('button', { name: 'Save contact' }).click();
    await page.getByText('Contact saved').first().waitFor();
    await form.waitFor({ state: 'detached' });

    // The keyboard goes back to New contact, and from it into the form.
    const focused = (locator: ReturnType<Page['getByRole']>) => locator.evaluate((el) => el === document.activeElement);
    await expect.poll(() => focused(main().getByRole('button', { name: 'New contact' }))).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(form.getByRole('textbox', { name: 'Name' }))).toBe(true);
    await form.getByRole('textbox', { name: 'Name' }).fill('Ada Collector');
    await form.getByRole('textbox', { name: 'Email' }).fill('Ada@Example.com');
    await form.getByRole('textbox', { name: 'Phone' }).fill('+44 20 7946 0000');
    await checkWidths(page, 'contacts new');
    await form.getByRole('button', { name: 'Save contact' }).click();
    await form.waitFor({ state: 'detached' });

    const list = main().getByRole('list', { name: 'Contacts' });
    await expect.poll(() => list.getByRole('link').allTextContents()).toEqual(['Ada Collector', 'Galerie Nord']);
    expect(await list.getByText('ada@example.com').count()).toBe(1);
    await main().getByRole('combobox', { name: 'Show' }).selectOption('gallery');
    await expect.poll(() => list.getByRole('link').allTextContents()).toEqual(['Galerie Nord']);
    await main().getByRole('combobox', { name: 'Show' }).selectOption('all');
    await main().getByRole('searchbox', { name: 'Search by name or email' }).fill('example.com');
    await expect.poll(() => list.getByRole('link').allTextContents()).toEqual(['Ada Collector']);
    await main().getByRole('searchbox', { name: 'Search by name or email' }).fill('');
    await checkWidths(page, 'contacts');
  });

  it("the collector's page shows the sale recorded for them, and the server's word when they cannot be deleted", async () => {
    const { items } = await api<{ items: Array<{ contactId: string; name: string }> }>('/contact');
    const ada = items.find((c) => c.name === 'Ada Collector')!;
    await api(`/artwork/${work}/sale`, {
      method: 'POST',
      json: { contactId: ada.contactId, date: `${YEAR}-01-15`, price: { amount: 250000, currency: 'EUR' }, discount: 50000 },
    });
    await main().getByRole('link', { name: 'Ada Collector' }).click();
    await main().getByRole('heading', { name: 'Ada Collector', level: 1 }).waitFor();
    const purchases = main().getByRole('region', { name: 'Purchases' });
    const bought = purchases.getByRole('link', { name: 'Harbour Study' });
    await bought.waitFor();
    expect(await bought.getAttribute('href')).toBe(`/portfolio/artwork/${work}?tab=inventory`);
    await purchases.getByText(`15 Jan ${YEAR} · EUR 2,500.00 · net EUR 2,000.00`).waitFor();
    await checkWidths(page, 'contact');

    // Edited in place.
    await main().getByRole('button', { name: 'Edit' }).click();
    await main().getByRole('textbox', { name: 'Notes' }).fill('Prefers works on paper.');
    await main().getByRole('button', { name: 'Save changes' }).click();
    await main().getByText('Prefers works on paper.').waitFor();

    // Her purchase names her: the server refuses, and the page says why.
    await main().getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Ada Collector?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.waitFor({ state: 'detached' });
    await main().getByRole('alert').filter({ hasText: 'Failed to delete the contact:' }).waitFor();
    await checkWidths(page, 'contact not deleted');
  });

  it('a contact nobody names is deleted; an address that names no contact says so', async () => {
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Contacts' }).click();
    await main().getByRole('link', { name: 'Galerie Nord' }).click();
    await main().getByRole('heading', { name: 'Galerie Nord', level: 1 }).waitFor();
    await main().getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await main().getByRole('heading', { name: 'Contacts', level: 1 }).waitFor();
    await page.getByText('Contact deleted').first().waitFor();
    await expect.poll(() => main().getByRole('list', { name: 'Contacts' }).getByRole('link').allTextContents()).toEqual(['Ada Collector']);

    await page.goto(`${server.url}/portfolio/contacts/00000000-0000-4000-8000-000000000000`);
    await main().getByRole('heading', { name: 'Contact not found', level: 1 }).waitFor();
    await main().getByRole('link', { name: 'Back to Contacts' }).waitFor();
  });

  it("a buyer's inquiry becomes a contact from the Inquiries page, and opens it once it is one", async () => {
    const buyer = await newPage(browser);
    await buyer.page.goto(formUrl);
    await buyer.page.getByLabel('Your name').fill(BUYER.name);
    await buyer.page.getByLabel('Your e-mail address').fill(BUYER.email);
    await buyer.page.getByRole('textbox', { name: 'Message' }).fill(BUYER.message);
    await buyer.page.getByRole('button', { name: 'Send message' }).click();
    await buyer.page.getByText(/^Thank you/).waitFor();
    await buyer.context.close();

    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Inquiries' }).click();
    const card = main().getByRole('article', { name: 'Harbour Study' });
    await card.getByRole('button', { name: `Save as contact: ${BUYER.name}` }).waitFor();
    await checkWidths(page, 'inquiries with contacts');
    await card.getByRole('button', { name: `Save as contact: ${BUYER.name}` }).click();
    await main().getByRole('heading', { name: BUYER.name, level: 1 }).waitFor();
    await page.getByText('Contact saved').first().waitFor();
    const inquiries = main().getByRole('region', { name: 'Inquiries' });
    await inquiries.getByText(BUYER.message).waitFor();
    expect(await main().getByRole('region', { name: 'Details' }).getByText('Collector').count()).toBe(1);

    await page.goBack();
    await card.getByRole('button', { name: `Open contact: ${BUYER.name}` }).click();
    await main().getByRole('heading', { name: BUYER.name, level: 1 }).waitFor();
    expect((await api<{ items: unknown[] }>('/contact')).items).toHaveLength(2);
  });
});
