// phong.frag: per-fragment lighting (Phong): a hemisphere ambient (ground
// to sky by the normal's y), a point light's diffuse term and a specular
// highlight of shininess 48, on the base colour.
precision mediump float;
uniform vec3 light;
uniform vec3 base;
varying vec3 v_pos;
varying vec3 v_normal;

void main()
{
	vec3 n = normalize(v_normal);
	vec3 l = normalize(light - v_pos);
	float ndl = dot(n, l);
	float diffuse = max(ndl, 0.0);
	vec3 ambient = mix(vec3(0.1, 0.06, 0.04), vec3(0.12, 0.16, 0.3), n.y * 0.5 + 0.5);
	vec3 col = base * (ambient + vec3(1.0, 0.96, 0.9) * diffuse);
	vec3 r = n * (ndl * 2.0) - l;
	vec3 v = normalize(-v_pos);
	float spec = pow(max(dot(r, v), 0.0001), 48.0);
	gl_FragColor = vec4(col + vec3(ndl > 0.0 ? spec : 0.0), 1.0);
}
