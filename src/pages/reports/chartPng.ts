/** An SVG of the page as an image of its own: the colours the page's CSS gives it written onto a copy. */
async function svgImage(svg: SVGSVGElement, width: number, height: number) {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  const source = svg.querySelectorAll<SVGElement>('*');
  clone.querySelectorAll<SVGElement>('*').forEach((node, i) => {
    const style = getComputedStyle(source[i]);
    node.setAttribute('fill', style.fill);
    node.setAttribute('stroke', style.stroke);
    if (node.tagName === 'text') node.setAttribute('font-family', style.fontFamily);
  });
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(clone))}`;
  await new Promise((resolve, reject) => {
    image.onload = resolve;
    image.onerror = reject;
  });
  return image;
}

/**
 * Saves the chart drawn inside `container` as a PNG, as it stands on the page: its drawing and its legend (the legend's
 * marks are SVGs of their own and its labels HTML beside them), twice the size, on the page's background colour so a
 * dark-mode chart stays readable.
 */
export async function saveChartPng(container: HTMLElement | null, filename: string) {
  if (!container?.querySelector('.MuiChartsSurface-root')) return;
  const box = container.getBoundingClientRect();
  const canvas = document.createElement('canvas');
  canvas.width = box.width * 2;
  canvas.height = box.height * 2;
  const context = canvas.getContext('2d');
  if (!context) return;
  context.fillStyle = getComputedStyle(container).backgroundColor || '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.scale(2, 2);
  const svgs = [...container.querySelectorAll<SVGSVGElement>('svg')].filter(
    (svg) => !svg.parentElement?.closest('svg'),
  );
  for (const svg of svgs) {
    const { left, top, width, height } = svg.getBoundingClientRect();
    if (width && height) context.drawImage(await svgImage(svg, width, height), left - box.left, top - box.top);
  }
  for (const label of container.querySelectorAll<HTMLElement>('.MuiChartsLegend-label')) {
    const { left, top, height } = label.getBoundingClientRect();
    const style = getComputedStyle(label);
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    context.fillStyle = style.color;
    context.textBaseline = 'middle';
    context.fillText(label.textContent ?? '', left - box.left, top - box.top + height / 2);
  }
  const a = document.createElement('a');
  a.href = canvas.toDataURL('image/png');
  a.download = filename;
  a.click();
}
