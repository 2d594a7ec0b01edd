// gouraud.vert: per-vertex lighting (Gouraud): a point light in eye space,
// ambient + diffuse into v_light, a Phong specular term (shininess 8) into
// v_spec; the texture coordinate passes through.
attribute vec4 pos;
attribute vec3 normal;
attribute vec2 uv;
uniform mat4 mvp;
uniform mat4 mv;
uniform vec3 light;
varying vec2 v_uv;
varying vec3 v_light;
varying float v_spec;

void main()
{
	gl_Position = mvp * pos;
	v_uv = uv;
	vec3 pe = (mv * pos).xyz;
	vec3 n = normalize((mv * vec4(normal, 0.0)).xyz);
	vec3 l = normalize(light - pe);
	float ndl = dot(n, l);
	float diffuse = max(ndl, 0.0);
	v_light = vec3(0.16, 0.16, 0.2) + vec3(1.0, 0.95, 0.85) * diffuse;
	vec3 r = n * (ndl * 2.0) - l;
	vec3 v = normalize(-pe);
	float spec = pow(max(dot(r, v), 0.0001), 8.0);
	v_spec = ndl > 0.0 ? spec : 0.0;
}
