// shadertoy.frag: a full-screen effect in the style of shadertoy.com,
// animated by `time` (seconds). The pixel, turned slowly about the centre,
// goes through four rounds of repeating the plane (fract) and adding the
// glow of rings around each cell's centre (sin) in a colour of a cosine
// palette (cos); then tone-mapped (x / (1 + x)) and darkened towards the
// edges (smoothstep, mix). The cells are mirror-symmetric, so the pattern is.
precision highp float;
uniform float time;
uniform vec2 resolution;

void main()
{
	vec2 p0 = (gl_FragCoord.xy * 2.0 - resolution) / resolution.y;
	float r0 = length(p0);
	float a = time * 0.25;
	vec2 p = vec2(p0.x * cos(a) - p0.y * sin(a), p0.x * sin(a) + p0.y * cos(a));
	vec3 col = vec3(0.0);
	for (int i = 0; i < 4; i++) {
		float fi = float(i);
		p = fract(p * 1.5) - 0.5;
		float ring = max(abs(sin(length(p) * 8.0 - time * 2.0 + fi)), 0.004);
		float glow = 0.02 / ring;
		vec3 tint = cos((vec3(r0 + fi * 0.15 + time * 0.1) + vec3(0.0, 0.33, 0.67))
				* 6.2831855) * 0.5 + 0.5;
		col += tint * glow;
	}
	vec3 tm = col / (col + 1.0);
	float v = smoothstep(1.7, 0.5, r0);
	gl_FragColor = vec4(mix(vec3(0.02, 0.02, 0.06), tm, v), 1.0);
}
