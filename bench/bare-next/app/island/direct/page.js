import Island from '../Island';
export default function Page() { return <main><Island /></main>; }
