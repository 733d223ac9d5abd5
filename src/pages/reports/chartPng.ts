/**
 * Saves the chart drawn inside `container` as a PNG: its SVG is drawn on a canvas (twice the size, on the page's
 * background colour, so a dark-mode chart stays readable) and downloaded.
 */
export async function saveChartPng(container: HTMLElement | null, filename: string) {
  const svg = container?.querySelector('svg');
  if (!svg) return;
  const { width, height } = svg.getBoundingClientRect();
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  // the chart's colours come from CSS: copy the computed ones onto the clone's text and lines
  const source = svg.querySelectorAll<SVGElement>('*');
  clone.querySelectorAll<SVGElement>('*').forEach((node, i) => {
    const style = getComputedStyle(source[i]);
    node.setAttribute('fill', style.fill);
    node.setAttribute('stroke', style.stroke);
    if (node.tagName === 'text') node.setAttribute('font-family', style.fontFamily);
  });
  const text = new XMLSerializer().serializeToString(clone);
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
  await new Promise((resolve, reject) => {
    image.onload = resolve;
    image.onerror = reject;
  });
  const canvas = document.createElement('canvas');
  canvas.width = width * 2;
  canvas.height = height * 2;
  const context = canvas.getContext('2d');
  if (!context) return;
  context.fillStyle = getComputedStyle(container!).backgroundColor || '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.scale(2, 2);
  context.drawImage(image, 0, 0, width, height);
  const a = document.createElement('a');
  a.href = canvas.toDataURL('image/png');
  a.download = filename;
  a.click();
}
