import { formatMoney, type Book } from '@scholar/shared';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { imageSrc, PLACEHOLDER_IMAGE } from '../../../lib/images';

export function BookCard({ book }: { book: Book }) {
  return (
    <article className="group flex flex-col overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm">
      <Link to={paths.book(book._id)} className="block aspect-[3/4] overflow-hidden bg-stone-100">
        <img
          src={imageSrc(book.images[0])}
          alt={`Cover of ${book.name}`}
          loading="lazy"
          width={600}
          height={800}
          className="h-full w-full object-cover transition group-hover:scale-105"
          onError={(event) => {
            if (!event.currentTarget.src.endsWith(PLACEHOLDER_IMAGE))
              event.currentTarget.src = PLACEHOLDER_IMAGE;
          }}
        />
      </Link>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h3 className="font-serif text-lg font-semibold">
          <Link to={paths.book(book._id)} className="hover:text-brand-700">
            {book.name}
          </Link>
        </h3>
        <p className="text-sm text-stone-600">{book.author}</p>
        <p className="mt-auto pt-2 font-semibold text-brand-700">{formatMoney(book.price)}</p>
      </div>
    </article>
  );
}
