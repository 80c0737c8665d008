'use client';

import { ArcElement, BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, LineElement, PointElement, Tooltip } from 'chart.js';

// Only the pieces these four charts draw, so the rest of Chart.js stays out of the bundle.
ChartJS.register(ArcElement, BarElement, CategoryScale, Legend, LinearScale, LineElement, PointElement, Tooltip);

export { Bar, Doughnut, Line } from 'react-chartjs-2';
