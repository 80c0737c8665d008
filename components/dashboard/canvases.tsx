'use client';

import { ArcElement, BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, LineElement, PointElement, Tooltip, type CartesianScaleOptions, type Plugin } from 'chart.js';
import { toFont } from 'chart.js/helpers';

/** Where each axis drew its labels: the text, the tick's pixel along the axis, and the label's size. */
export interface DrawnAxis {
  axis: string;
  horizontal: boolean;
  rotation: number;
  labels: { lines: string[]; at: number; width: number; height: number }[];
}

/** What a chart drew at its width (CSS pixels). */
export interface DrawnAxes {
  width: number;
  axes: DrawnAxis[];
}

/**
 * Records, on the canvas (`data-axis-labels`), the labels each axis drew and where: a canvas has no
 * text to read, and the end-to-end tests check from it that a chart's labels neither repeat nor run
 * into each other at every width. It measures with the axis' own font, as Chart.js draws, once per
 * layout (after an update), not on every frame of an animation or a tooltip's redraw.
 */
const recordAxisLabels: Plugin = {
  id: 'recordAxisLabels',
  afterUpdate(chart) {
    // A doughnut has no axes; the line and bar charts' axes are cartesian.
    const axes: DrawnAxis[] = Object.values(chart.scales)
      .filter((scale) => scale.options.display !== false && (scale.options as CartesianScaleOptions).ticks.display !== false)
      .map((scale) => {
        const font = toFont((scale.options as CartesianScaleOptions).ticks.font as Parameters<typeof toFont>[0]);
        chart.ctx.save();
        chart.ctx.font = font.string;
        const labels = scale.ticks.map((tick, index) => {
          const lines = (Array.isArray(tick.label) ? tick.label : [tick.label]).map(String);
          const width = Math.max(0, ...lines.map((line) => chart.ctx.measureText(line).width));
          return { lines, at: scale.getPixelForTick(index), width, height: lines.length * font.lineHeight };
        });
        chart.ctx.restore();
        return { axis: scale.id, horizontal: scale.isHorizontal(), rotation: scale.labelRotation, labels };
      });
    chart.canvas.dataset.axisLabels = JSON.stringify({ width: chart.width, axes } satisfies DrawnAxes);
  },
};

// Only the pieces these four charts draw, so the rest of Chart.js stays out of the bundle.
ChartJS.register(ArcElement, BarElement, CategoryScale, Legend, LinearScale, LineElement, PointElement, Tooltip, recordAxisLabels);

export { Bar, Doughnut, Line } from 'react-chartjs-2';
