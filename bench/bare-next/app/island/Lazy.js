'use client';
import { lazy, Suspense } from 'react';
const Island = lazy(() => import('./Island'));
export default function Lazy() { return <Suspense fallback={null}><Island /></Suspense>; }
