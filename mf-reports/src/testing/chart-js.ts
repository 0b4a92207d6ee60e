// Stand-in for chart.js in jsdom: registration is recorded, nothing is drawn.
export const Chart = { register: jest.fn() };
export const ArcElement = {};
export const BarController = {};
export const BarElement = {};
export const CategoryScale = {};
export const DoughnutController = {};
export const Legend = {};
export const LineController = {};
export const LineElement = {};
export const LinearScale = {};
export const PointElement = {};
export const Tooltip = {};
