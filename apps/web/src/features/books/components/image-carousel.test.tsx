import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ImageCarousel } from './image-carousel';

const images = [
  '/api/uploads/books/0123456789abcdef0123456789abcdef.png',
  '/api/uploads/books/fedcba9876543210fedcba9876543210.jpg',
  'https://images.example.com/back.jpg',
];

const shown = () => screen.getByRole('img');

describe('ImageCarousel', () => {
  it('shows one image at a time and moves with next and previous, wrapping around', async () => {
    const user = userEvent.setup();
    render(<ImageCarousel images={images} name="Riyad" />);
    expect(screen.getByRole('region', { name: 'Images of Riyad' })).toBeInTheDocument();
    expect(shown()).toHaveAttribute('src', images[0]);
    expect(shown()).toHaveAccessibleName('Riyad, image 1 of 3');

    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(shown()).toHaveAttribute('src', images[1]);
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(shown()).toHaveAttribute('src', images[2]);
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(shown()).toHaveAttribute('src', images[0]);
    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(shown()).toHaveAttribute('src', images[2]);
    expect(screen.getByText('Image 3 of 3')).toBeInTheDocument();
  });

  it('has a dot per image that shows it and marks the current one', async () => {
    const user = userEvent.setup();
    render(<ImageCarousel images={images} name="Riyad" />);
    const dots = [1, 2, 3].map((n) => screen.getByRole('button', { name: `Show image ${n} of 3` }));
    expect(dots[0]).toHaveAttribute('aria-current', 'true');
    await user.click(dots[1]!);
    expect(shown()).toHaveAttribute('src', images[1]);
    expect(dots[1]).toHaveAttribute('aria-current', 'true');
    expect(dots[0]).not.toHaveAttribute('aria-current');
  });

  it('works from the keyboard: buttons with Enter and the arrow keys', async () => {
    const user = userEvent.setup();
    render(<ImageCarousel images={images} name="Riyad" />);
    screen.getByRole('button', { name: 'Next image' }).focus();
    await user.keyboard('{Enter}');
    expect(shown()).toHaveAttribute('src', images[1]);
    await user.keyboard('{ArrowRight}');
    expect(shown()).toHaveAttribute('src', images[2]);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(shown()).toHaveAttribute('src', images[0]);
  });

  it('uses the 400 and 800 px variants of uploaded images, and only the URL of others', async () => {
    const user = userEvent.setup();
    render(<ImageCarousel images={images} name="Riyad" sizes="50vw" />);
    expect(shown()).toHaveAttribute(
      'srcset',
      '/api/uploads/books/0123456789abcdef0123456789abcdef-400.webp 400w, /api/uploads/books/0123456789abcdef0123456789abcdef-800.webp 800w',
    );
    expect(shown()).toHaveAttribute('sizes', '50vw');
    await user.click(screen.getByRole('button', { name: 'Show image 3 of 3' }));
    expect(shown()).not.toHaveAttribute('srcset');
    expect(shown()).toHaveAttribute('src', 'https://images.example.com/back.jpg');
  });

  it('falls back to the placeholder, without srcset, when an image fails', () => {
    render(<ImageCarousel images={images} name="Riyad" />);
    fireEvent.error(shown());
    expect(shown()).toHaveAttribute('src', '/placeholder-book.svg');
    expect(shown()).not.toHaveAttribute('srcset');
    fireEvent.click(screen.getByRole('button', { name: 'Next image' }));
    expect(shown()).toHaveAttribute('src', images[1]);
  });

  it('shows a single image without controls, and the placeholder when there is none', () => {
    const { unmount } = render(<ImageCarousel images={[images[0]!]} name="Riyad" />);
    const region = screen.getByRole('region', { name: 'Images of Riyad' });
    expect(within(region).queryAllByRole('button')).toHaveLength(0);
    expect(shown()).toHaveAccessibleName('Cover of Riyad');
    unmount();
    render(<ImageCarousel images={[]} name="Riyad" />);
    expect(shown()).toHaveAttribute('src', '/placeholder-book.svg');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
