import { useEffect } from 'react';
import { site } from '../../content/site';
import { BookGrid } from '../../features/books/components/book-grid';

export function HomePage() {
  useEffect(() => {
    document.title = `${site.name} — ${site.tagline}`;
  }, []);
  return (
    <>
      <section className="bg-brand-800 text-white">
        <div className="mx-auto max-w-7xl px-4 py-16">
          <h1 className="font-serif text-4xl font-bold">{site.name}</h1>
          <p className="mt-3 max-w-2xl text-lg text-stone-100">{site.tagline}</p>
        </div>
      </section>
      <section aria-labelledby="books-heading" className="mx-auto max-w-7xl px-4 py-12">
        <h2 id="books-heading" className="mb-6 font-serif text-2xl font-bold text-brand-800">
          Books
        </h2>
        <BookGrid />
      </section>
    </>
  );
}
