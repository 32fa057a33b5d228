import { useBooks } from '../api/get-books';
import { BookCard } from './book-card';

export function BookGrid() {
  const { data: books, isPending, isError } = useBooks();
  if (isPending) {
    return (
      <p role="status" className="text-stone-600">
        Loading books...
      </p>
    );
  }
  if (isError) return <p className="text-red-700">Cannot get books</p>;
  if (books.length === 0) return <p className="text-stone-600">No books yet.</p>;
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" aria-label="Books">
      {books.map((book) => (
        <li key={book._id}>
          <BookCard book={book} />
        </li>
      ))}
    </ul>
  );
}
