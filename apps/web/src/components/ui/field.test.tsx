import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormMessage, SelectField, TextAreaField, TextField } from './field';

describe('fields', () => {
  it('mark an error on the control and describe the control by it, with the hint', () => {
    render(
      <>
        <TextField label="Pincode *" hint="Six digits" error="This pincode is not in Delhi" />
        <SelectField label="State *" error="Please fill all required fields">
          <option value="">Select a state</option>
        </SelectField>
        <TextAreaField label="Your Question *" error="Please enter your question" />
      </>,
    );
    const pincode = screen.getByLabelText('Pincode *');
    expect(pincode).toHaveAttribute('aria-invalid', 'true');
    expect(pincode).toHaveAccessibleDescription('This pincode is not in Delhi Six digits');
    const state = screen.getByLabelText('State *');
    expect(state).toHaveAttribute('aria-invalid', 'true');
    expect(state).toHaveAccessibleDescription('Please fill all required fields');
    const question = screen.getByLabelText('Your Question *');
    expect(question).toHaveAttribute('aria-invalid', 'true');
    expect(question).toHaveAccessibleDescription('Please enter your question');
  });

  it('leave a valid control unmarked', () => {
    render(<TextField label="City *" />);
    const city = screen.getByLabelText('City *');
    expect(city).not.toHaveAttribute('aria-invalid');
    expect(city).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("announce the form's own failure, and nothing without one", () => {
    const { rerender } = render(<FormMessage message={undefined} />);
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<FormMessage message="Login failed: Invalid email or password" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Login failed: Invalid email or password');
  });
});
