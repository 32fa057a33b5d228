import { Link } from 'react-router';
import { paths } from '../../app/paths';

export function NotFoundPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="font-serif text-3xl font-bold text-brand-800">Page not found</h1>
      <p className="mt-4 text-stone-600">The page you are looking for does not exist.</p>
      <Link to={paths.home} className="mt-6 inline-block rounded bg-brand-700 px-4 py-2 text-white">
        Back to Home
      </Link>
    </div>
  );
}
