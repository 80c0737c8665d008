'use client';
import dynamic from 'next/dynamic';
const Island = dynamic(() => import('./Island'));
export default function Dynamic() { return <Island />; }
