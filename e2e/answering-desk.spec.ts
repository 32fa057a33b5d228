import { E2E_ADMIN } from './fixtures/accounts';
import { linkInMailTo } from './fixtures/outbox';
import { signIn } from './fixtures/session';
import { expect, test } from './fixtures/test';

// The status page's wrong pair answers 404, which the browser logs.
test.use({ viewport: { width: 1280, height: 800 }, allowedConsoleErrors: [/status of 404/] });

test('a guest asks; the scholar answers from the Unanswered queue with formatting and Urdu, previews and publishes; the asker is mailed and the page shows number, answer, related reading and share links', async ({
  page,
  browser,
}) => {
  const word = `Miswak${Date.now().toString(36)}`;
  const email = `asker-${word.toLowerCase()}@example.com`;
  const question = `Is using the ${word} stick while fasting in Ramadan allowed for a traveller?`;

  // A published fatwah of the same category, for the related reading.
  const scholarContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const scholar = await scholarContext.newPage();
  const session = await signIn(scholar, {
    email: E2E_ADMIN.email,
    password: E2E_ADMIN.password,
    role: 'admin',
  });
  const relatedQuestion = `Does the ${word} toothpaste break the fast?`;
  const seeded = await scholar.request.post('/api/fatwahs', {
    headers: { authorization: `Bearer ${session.accessToken}` },
    data: {
      question: relatedQuestion,
      answer: 'It is disliked, and the fast is not broken unless it is swallowed.',
      categories: ['Fasting'],
      status: 'published',
    },
  });
  expect(seeded.status()).toBe(201);

  // A guest asks; the confirmation with the reference is brought to them.
  await page.goto('/ask-fatwah');
  await page.getByLabel('Your Question *').fill(question);
  await page.getByRole('checkbox', { name: 'Other' }).click();
  await page.getByRole('checkbox', { name: 'Fasting' }).click();
  await page.getByLabel('Your Email (optional)').fill(email);
  await page.getByRole('button', { name: 'Submit Question' }).click();
  const sent = page.getByTestId('question-sent');
  await expect(sent).toBeFocused();
  await expect(sent).toBeInViewport();
  const reference = (await page.getByTestId('fatwah-reference').textContent()) ?? '';
  expect(reference).toMatch(/^Q-\d{4}-\d{5}$/);

  // The scholar opens the desk: the Unanswered queue first and chosen, the question in it.
  await scholar.goto('/admin/fatwah');
  const queues = scholar.getByRole('navigation', { name: 'Queues' });
  await expect(queues.getByRole('link').first()).toHaveText(/^Unanswered \(\d+\)$/);
  await expect(queues.getByRole('link', { name: /^Unanswered/ })).toHaveAttribute('aria-current', 'page');
  await scholar.locator('#admin-fatwah-search').fill(word);
  await scholar.getByRole('button', { name: 'Search', exact: true }).click();
  const card = scholar.getByRole('listitem', { name: question });
  await expect(card).toContainText(reference);
  await card.getByRole('link', { name: `Answer: ${question}` }).click();
  await expect(scholar).toHaveURL(/\/admin\/fatwah\/[0-9a-f-]{36}$/);
  await expect(scholar.getByRole('heading', { name: 'Answer the question' })).toBeVisible();
  await expect(scholar.getByText(question).first()).toBeVisible();
  // The published question like it is beside it.
  await expect(
    scholar
      .getByRole('list', { name: 'Similar published questions' })
      .getByRole('link', { name: relatedQuestion }),
  ).toBeVisible();

  // The answer: a heading from the toolbar, bold, a list, and a line of Urdu that runs right to left.
  const box = scholar.getByLabel('Answer (Markdown)');
  await expect(box).toHaveAttribute('dir', 'auto');
  await scholar.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Heading' }).click();
  await expect(box).toHaveValue('## Heading');
  await box.fill(
    '## Ruling\n\n**Yes**, it is allowed:\n\n- before noon\n- after noon\n\nاللہ تعالیٰ بہتر جانتا ہے',
  );
  await scholar.getByRole('button', { name: 'Preview' }).click();
  const preview = scholar.getByTestId('answer-preview');
  await expect(preview.getByRole('heading', { name: 'Ruling' })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('Yes');
  await expect(preview.getByRole('listitem')).toHaveText(['before noon', 'after noon']);
  await expect(preview.getByText('اللہ تعالیٰ بہتر جانتا ہے')).toBeVisible();

  await scholar.getByRole('button', { name: 'Publish' }).click();
  await expect(scholar.getByText('Published. The asker is told by email when they gave one.')).toBeVisible();
  await expect(scholar.getByRole('link', { name: 'View the public page' })).toBeVisible();
  await scholarContext.close();

  // The asker's mail arrives with the link to the answer.
  const link = await linkInMailTo(email, /https?:\/\/[^\s"<>]+\/fatwah\/[0-9a-f-]{36}/, 'answered');
  const path = new URL(link).pathname;

  // The page the server writes holds the same answer, formatted, before any script runs.
  const written = await (await page.request.get(path)).text();
  expect(written).toContain('<h2>Ruling</h2>');
  expect(written).toContain('<strong>Yes</strong>');
  expect(written).toContain('اللہ تعالیٰ بہتر جانتا ہے');

  // The public page: its number, the formatted answer, related reading and the share links.
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(question);
  await expect(page.getByTestId('fatwah-number')).toHaveText(reference);
  const answer = page.getByTestId('fatwah-answer');
  await expect(answer.getByRole('heading', { name: 'Ruling' })).toBeVisible();
  await expect(answer.locator('strong')).toHaveText('Yes');
  await expect(answer.getByRole('listitem')).toHaveCount(2);
  await expect(answer.getByText('اللہ تعالیٰ بہتر جانتا ہے')).toBeVisible();
  await expect(
    page
      .getByRole('list', { name: 'Related fatwahs' })
      .getByRole('link', { name: new RegExp(relatedQuestion) }),
  ).toBeVisible();
  const whatsApp = page.getByRole('link', { name: /share on whatsapp/i });
  const href = (await whatsApp.getAttribute('href')) ?? '';
  expect(href.startsWith('https://wa.me/?text=')).toBe(true);
  expect(decodeURIComponent(href.slice('https://wa.me/?text='.length))).toContain(path);
  await expect(page.getByRole('link', { name: /share on x/i })).toBeVisible();
  await expect(page.getByRole('link', { name: /share on facebook/i })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();

  // Its number finds it.
  await page.goto(`/fatwah?search=${encodeURIComponent(reference)}`);
  await expect(page.getByRole('list', { name: 'Fatwahs' }).getByRole('link').first()).toContainText(question);

  // The asker's status page says it is published and links it; a wrong email says only "not found".
  await page.goto('/fatwah-status');
  await page.getByLabel('Reference').fill(reference);
  await page.getByLabel('Email address').fill('someone-else@example.com');
  await page.getByRole('button', { name: 'Check status' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'No question matches this reference and email. Please check both and try again.',
  );
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Check status' }).click();
  await expect(page.getByText('Published: your question and its answer are on the site.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Read the answer' })).toHaveAttribute('href', path);
});
