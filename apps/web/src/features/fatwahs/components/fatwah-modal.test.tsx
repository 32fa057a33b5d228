import { FATWAH_CATEGORIES, type AdminFatwah } from '@scholar/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FatwahModal, type ModalMode } from './fatwah-modal';

const answered: AdminFatwah = {
  _id: '0190b0a0-0000-7000-8000-0000000000f1',
  reference: 'Q-2026-00042',
  showAskerName: false,
  question: 'Is it sunnah to fast on Mondays?',
  language: 'en',
  translationOf: null,
  answer: 'Yes.',
  categories: ['Fasting'],
  status: 'pending',
  answeredBy: { name: 'Mufti Yusuf' },
  publishedAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

function open(mode: ModalMode, fatwah?: AdminFatwah) {
  const onSave = vi.fn(async () => {});
  render(
    <FatwahModal
      mode={mode}
      fatwah={fatwah}
      categories={[...FATWAH_CATEGORIES]}
      onClose={() => {}}
      onSave={onSave}
    />,
  );
  return onSave;
}

describe('FatwahModal', () => {
  it('requires the answer on edit, with its message inline (docs/product.md, "Validation"), and saves once it is there', async () => {
    const user = userEvent.setup();
    const onSave = open('edit', answered);
    const answer = screen.getByLabelText('Answer');
    await user.clear(answer);
    await user.type(answer, '   ');
    await user.click(screen.getByRole('button', { name: 'Update Fatwah' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Answer is required for existing fatwahs');
    expect(answer).toHaveAttribute('aria-invalid', 'true');
    expect(onSave).not.toHaveBeenCalled();

    await user.type(answer, 'Yes, on Mondays and Thursdays.');
    await user.click(screen.getByRole('button', { name: 'Update Fatwah' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ answer: '   Yes, on Mondays and Thursdays.', status: 'pending' }),
    );
  });

  it('leaves the answer optional on create, and shows the question and category messages', async () => {
    const user = userEvent.setup();
    const onSave = open('create');
    await user.click(screen.getByRole('button', { name: 'Create Fatwah' }));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Question is required',
      'At least one category is required',
    ]);
    expect(onSave).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Question'), 'May I pray in a moving train?');
    await user.click(screen.getByRole('checkbox', { name: 'Prayer' }));
    await user.click(screen.getByRole('button', { name: 'Create Fatwah' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onSave).toHaveBeenCalledWith({
      question: 'May I pray in a moving train?',
      answer: '',
      categories: ['Prayer'],
      status: 'draft',
      language: 'en',
      translationOf: '',
    });
  });

  it('takes the language and the fatwah it translates, pasted as a link; its text fields follow their script', async () => {
    const user = userEvent.setup();
    const onSave = open('edit', { ...answered, language: 'en', translationOf: null });
    expect(screen.getByLabelText('Question')).toHaveAttribute('dir', 'auto');
    expect(screen.getByLabelText('Answer')).toHaveAttribute('dir', 'auto');
    const language = screen.getByLabelText('Language');
    expect([...(language as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'English',
      'Urdu (اردو)',
      'Bengali (বাংলা)',
      'Arabic (العربية)',
    ]);
    await user.selectOptions(language, 'ur');
    const link = screen.getByLabelText('Translation of');
    await user.type(link, 'not a link');
    await user.click(screen.getByRole('button', { name: 'Update Fatwah' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Translation of: give the id of the item this one translates',
    );
    expect(link).toHaveAttribute('aria-invalid', 'true');
    expect(onSave).not.toHaveBeenCalled();

    await user.clear(link);
    await user.type(link, 'https://example.org/fatwah/0190B0A0-0000-7000-8000-0000000000E1');
    await user.click(screen.getByRole('button', { name: 'Update Fatwah' }));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({
        language: 'ur',
        translationOf: 'https://example.org/fatwah/0190B0A0-0000-7000-8000-0000000000E1',
      }),
    );
  });
});
